import { defineModule } from '../gateway-module.js';
import type { KeysSection } from '../keys/keys-config.js';
import { createGuardrails } from './create-guardrails.js';
import { guardrailsConfigFragment, type GuardrailsSection } from './guardrails-config.js';
import { RequestGuardrails } from './request-guardrails.js';

/**
 * Guardrails (docs/guardrails.md): deny lists, PII and secret recognisers, a prompt size limit,
 * webhooks and plugin packages, each blocking, redacting or logging what it finds in prompts
 * before the upstream call and in answers (streams through a sliding window).
 */
export const guardrailsModule = defineModule<GuardrailsSection & KeysSection>({
  id: 'guardrails',
  configSchema: guardrailsConfigFragment,
  async create(config, context) {
    assertKeysNameKnownGuardrails(config);
    if (config.guardrails.length === 0) return {};
    const guardrails = await createGuardrails(config.guardrails, context);
    const setup = { guardrails, streamWindow: config.guardrailStreamWindow, logger: context.logger.child({ module: 'guardrails' }) };
    return { extension: { id: 'guardrails', open: (exchange, announce) => new RequestGuardrails(exchange, setup, announce) } };
  },
});

/** A config key that opts into a guardrail nobody declared would run without it, unnoticed: the config is refused. */
function assertKeysNameKnownGuardrails(config: GuardrailsSection & KeysSection): void {
  const declared = new Set(config.guardrails.map((guardrail) => guardrail.name));
  for (const key of config.keys) {
    const unknown = (key.guardrails ?? []).find((name) => !declared.has(name));
    if (unknown !== undefined) throw new Error(`keys: '${key.name}' opts into the guardrail '${unknown}', which guardrails[] does not declare`);
  }
}
