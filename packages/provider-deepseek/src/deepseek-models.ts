import type { ModelCapabilitiesV1, ModelCardV1, ModelPattern } from '@modelgate/core';

/** Ids DeepSeek serves that the gateway routes here without a config entry. */
export const DEEPSEEK_MODEL_PATTERNS: readonly ModelPattern[] = ['deepseek-*'];

/** JSON schema is mapped (json_object with the schema as an instruction), not enforced by DeepSeek. */
const CAPABILITIES: ModelCapabilitiesV1 = { streaming: true, tools: true, vision: false, jsonSchema: true, reasoning: true };

const PRICING_NOTE = 'Prices are DeepSeek’s peak rates (Beijing weekdays 09:00–12:00 and 14:00–18:00); off-peak costs half.';

/**
 * DeepSeek's current models (pricing page, October 2026; `deepseek-chat` and `deepseek-reasoner`
 * were retired on 2026-07-24). USD per million tokens; `input` is the cache-miss price and
 * `cachedInput` the cache-hit price. One price per model, so the peak rates: a budget never
 * under-counts. Override them in the config.
 */
export const DEEPSEEK_MODEL_CARDS: readonly ModelCardV1[] = [
  {
    id: 'deepseek-flash',
    displayName: 'DeepSeek V4.1 Flash',
    created: 1792195200,
    ownedBy: 'deepseek',
    contextWindow: 1_000_000,
    maxOutputTokens: 384_000,
    pricing: { input: 0.3, output: 1.2, cachedInput: 0.006 },
    capabilities: { ...CAPABILITIES, vision: true },
    description: `DeepSeek-V4.1-Flash-1017; thinks by default. ${PRICING_NOTE}`,
  },
  {
    id: 'deepseek-v4-pro',
    displayName: 'DeepSeek V4 Pro',
    created: 1786579200,
    ownedBy: 'deepseek',
    contextWindow: 1_000_000,
    maxOutputTokens: 384_000,
    pricing: { input: 1.32, output: 3.96, cachedInput: 0.044 },
    capabilities: CAPABILITIES,
    description: `DeepSeek-V4-Pro-0813, text only; thinks by default. ${PRICING_NOTE}`,
  },
];
