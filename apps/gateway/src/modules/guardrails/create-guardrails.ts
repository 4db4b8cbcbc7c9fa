import { estimateTokensFromCharacters } from '@modelgate/pipeline';
import type { ModuleContext } from '../gateway-module.js';
import { matchingGuardrail, scopeTest, type Guardrail, type GuardrailScope } from './guardrail.js';
import { GUARDRAIL_DEFAULTS, KIND_FIELDS, type GuardrailConfig } from './guardrails-config.js';
import { loadGuardrailPlugin, pluginGuardrail } from './plugin-guardrail.js';
import { keywordsMatcher, patternsMatcher, piiMatcher } from './text-matcher.js';
import { webhookGuardrail } from './webhook-guardrail.js';

/** Kinds that only look at requests: their checks are asynchronous (webhook, plugin) or about the prompt's size. */
const REQUEST_ONLY = new Set(['webhook', 'plugin', 'maxPromptTokens']);

function invalid(config: Pick<GuardrailConfig, 'name'>, reason: string): Error {
  return new Error(`guardrails: '${config.name}' ${reason}`);
}

type ResolvedConfig = GuardrailConfig & Required<Pick<GuardrailConfig, keyof typeof GUARDRAIL_DEFAULTS>>;

function checkConfig(config: ResolvedConfig): void {
  const field = KIND_FIELDS[config.kind];
  if (field && config[field] === undefined) throw invalid(config, `(kind ${config.kind}) needs \`${field}\``);
  if (REQUEST_ONLY.has(config.kind) && config.phases.includes('answer')) throw invalid(config, `(kind ${config.kind}) checks requests only: leave \`answer\` out of its phases`);
  if (config.kind === 'maxPromptTokens' && config.action === 'redact') throw invalid(config, 'cannot redact a prompt that is too long: use `block` or `log`');
  for (const pattern of config.patterns ?? []) {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      throw invalid(config, `has an invalid pattern: ${(error as Error).message}`);
    }
  }
}

/** The prompt's estimated size against a limit (about four characters a token, as admission estimates). */
function promptSizeGuardrail(scope: GuardrailScope, maxTokens: number): Guardrail {
  return {
    ...scope,
    appliesTo: scopeTest(scope),
    review({ texts }) {
      const tokens = estimateTokensFromCharacters(texts.reduce((sum, text) => sum + text.length, 0));
      return tokens > maxTokens ? { action: scope.action, found: ['max-prompt-tokens'] } : undefined;
    },
  };
}

/** The configured guardrails, in order, ready to run; a bad one stops start-up with its name. */
export async function createGuardrails(configs: readonly GuardrailConfig[], context: Pick<ModuleContext, 'baseDirectory' | 'logger' | 'env'>): Promise<Guardrail[]> {
  const names = new Set<string>();
  const guardrails: Guardrail[] = [];
  for (const configured of configs) {
    const config: ResolvedConfig = { ...GUARDRAIL_DEFAULTS, phases: [...GUARDRAIL_DEFAULTS.phases], ...configured };
    if (names.has(config.name)) throw invalid(config, 'is configured twice');
    names.add(config.name);
    checkConfig(config);
    const scope: GuardrailScope = { name: config.name, action: config.action, phases: config.phases, models: config.models, keys: config.keys };
    switch (config.kind) {
      case 'keywords':
        guardrails.push(matchingGuardrail(scope, keywordsMatcher(config.words!)));
        break;
      case 'regex':
        guardrails.push(matchingGuardrail(scope, patternsMatcher(config.patterns!)));
        break;
      case 'pii':
        guardrails.push(matchingGuardrail(scope, piiMatcher(config.recognizers)));
        break;
      case 'maxPromptTokens':
        guardrails.push(promptSizeGuardrail(scope, config.maxTokens!));
        break;
      case 'webhook':
        guardrails.push(webhookGuardrail(scope, { url: config.url!, timeoutMs: config.timeoutMs, failOpen: config.failOpen }));
        break;
      case 'plugin': {
        const plugin = await loadGuardrailPlugin(config.name, config.package!, context.baseDirectory);
        guardrails.push(await pluginGuardrail(scope, plugin, config.settings, { logger: context.logger.child({ guardrail: config.name }), env: context.env }));
        break;
      }
    }
  }
  return guardrails;
}
