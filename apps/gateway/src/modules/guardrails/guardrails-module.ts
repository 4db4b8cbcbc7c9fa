import { defineModule } from '../gateway-module.js';
import { createGuardrails } from './create-guardrails.js';
import { guardrailsConfigFragment, type GuardrailsSection } from './guardrails-config.js';
import { RequestGuardrails } from './request-guardrails.js';

/**
 * Guardrails (docs/guardrails.md): deny lists, PII and secret recognisers, a prompt size limit,
 * webhooks and plugin packages, each blocking, redacting or logging what it finds in prompts
 * before the upstream call and in answers (streams through a sliding window).
 */
export const guardrailsModule = defineModule<GuardrailsSection>({
  id: 'guardrails',
  configSchema: guardrailsConfigFragment,
  async create(config, context) {
    if (config.guardrails.length === 0) return {};
    const guardrails = await createGuardrails(config.guardrails, context);
    const setup = { guardrails, streamWindow: config.guardrailStreamWindow, logger: context.logger.child({ module: 'guardrails' }) };
    return { extension: { id: 'guardrails', open: (exchange, announce) => new RequestGuardrails(exchange, setup, announce) } };
  },
});
