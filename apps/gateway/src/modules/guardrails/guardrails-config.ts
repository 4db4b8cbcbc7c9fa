import { nonEmptyString, positiveInteger, stringList } from '../../config/schema-parts.js';
import type { ConfigFragment } from '../../config/config-fragment.js';
import { RECOGNIZER_IDS, type RecognizerId } from './recognizers.js';

export const GUARDRAIL_KINDS = ['keywords', 'regex', 'pii', 'maxPromptTokens', 'webhook', 'plugin'] as const;
export type GuardrailKind = (typeof GUARDRAIL_KINDS)[number];
export const GUARDRAIL_ACTIONS = ['block', 'redact', 'log'] as const;
export type GuardrailAction = (typeof GUARDRAIL_ACTIONS)[number];
export const GUARDRAIL_PHASES = ['request', 'answer'] as const;
export type GuardrailPhase = (typeof GUARDRAIL_PHASES)[number];

export interface GuardrailConfig {
  name: string;
  kind: GuardrailKind;
  action?: GuardrailAction;
  phases?: GuardrailPhase[];
  models?: string[];
  keys?: string[];
  words?: string[];
  patterns?: string[];
  recognizers?: RecognizerId[];
  maxTokens?: number;
  url?: string;
  timeoutMs?: number;
  failOpen?: boolean;
  package?: string;
  settings?: unknown;
}

export interface GuardrailsSection {
  guardrails: GuardrailConfig[];
  guardrailStreamWindow: number;
}

/** The defaults of a guardrail's fields (the config's defaults reach only top-level keys, so the module applies these). */
export const GUARDRAIL_DEFAULTS = { action: 'block', phases: ['request'], timeoutMs: 2000, failOpen: false } as const satisfies Partial<GuardrailConfig>;

/** Which fields each kind needs; checked when the module is created, with the guardrail's name in the message. */
export const KIND_FIELDS: Readonly<Record<GuardrailKind, keyof GuardrailConfig | undefined>> = {
  keywords: 'words',
  regex: 'patterns',
  pii: undefined,
  maxPromptTokens: 'maxTokens',
  webhook: 'url',
  plugin: 'package',
};

export const guardrailsConfigFragment: ConfigFragment = {
  titles: { guardrails: 'Guardrails', guardrailStreamWindow: 'Guardrails on streams' },
  properties: {
    guardrails: {
      type: 'array',
      default: [],
      description: 'Checks on prompts and answers (docs/guardrails.md), run in this order.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'kind'],
        properties: {
          name: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$', description: 'Names it in the `x-modelgate-guardrails` header, usage records, metrics and errors.' },
          kind: { enum: [...GUARDRAIL_KINDS], description: '`keywords` and `regex` deny lists, `pii` recognisers, `maxPromptTokens`, a `webhook` or a `plugin` package.' },
          action: { enum: [...GUARDRAIL_ACTIONS], default: GUARDRAIL_DEFAULTS.action, description: '`block` refuses (400 `guardrail_blocked`), `redact` replaces what matched with `[REDACTED:<what>]`, `log` only records the decision.' },
          phases: { type: 'array', minItems: 1, items: { enum: [...GUARDRAIL_PHASES] }, default: [...GUARDRAIL_DEFAULTS.phases], description: '`request`: checked before the upstream call; `answer`: checked on the answer (streams through a sliding window). Webhooks, plugins and `maxPromptTokens` check requests only.' },
          models: { ...stringList, description: 'Public model ids it applies to.', defaultText: 'every model' },
          keys: { type: 'array', items: nonEmptyString, description: 'Key names (config or issued) it applies to, besides keys that name it in their own `guardrails`; `[]` applies it only to those.', defaultText: 'every key' },
          words: { ...stringList, description: '`keywords`: words or phrases, matched whole and case-insensitively.' },
          patterns: { ...stringList, description: '`regex`: JavaScript regular expressions, matched as written (case-sensitive).' },
          recognizers: { type: 'array', items: { enum: [...RECOGNIZER_IDS] }, description: '`pii`: which recognisers run.', defaultText: 'all' },
          maxTokens: { ...positiveInteger, description: '`maxPromptTokens`: the largest estimated prompt (about four characters a token).' },
          url: { ...nonEmptyString, pattern: '^https?://', description: '`webhook`: where the texts are POSTed as `{ phase, model, endpoint, texts }`; it answers a GuardrailVerdictV1.' },
          timeoutMs: { ...positiveInteger, default: GUARDRAIL_DEFAULTS.timeoutMs, description: '`webhook`: how long to wait for its verdict.' },
          failOpen: { type: 'boolean', default: GUARDRAIL_DEFAULTS.failOpen, description: '`webhook`: on a timeout or an error, let the request through (true) or refuse it with 503 (false).' },
          package: { ...nonEmptyString, description: '`plugin`: an npm package name or a path (from the config file\'s folder) whose default export is a GuardrailPluginV1.' },
          settings: { description: '`plugin`: handed to its `create`.' },
        },
      },
    },
    guardrailStreamWindow: {
      type: 'integer',
      // At least a private key's BEGIN line, which the recogniser needs whole before it matches.
      minimum: 64,
      default: 256,
      description: 'Characters of a streamed answer held back so that what a guardrail looks for is caught across chunks; a match still open at the window (a private key block) is held until it ends, up to 64 windows.',
    },
  },
};
