import type { ModelCardV1, ModelPattern } from '@modelgate/core';
import {
  budgetModel,
  fallbackTraits,
  IMAGE_MODEL,
  levelModel,
  LOW_TO_HIGH,
  MINIMAL_TO_HIGH,
  type GoogleModelTraits,
} from './google-model-traits.js';

/** Ids Google serves that the gateway routes here without a config entry. */
export const GOOGLE_MODEL_PATTERNS: readonly ModelPattern[] = ['gemini-*'];

interface GoogleModel {
  readonly card: ModelCardV1;
  readonly traits: GoogleModelTraits;
}

const CHAT = { streaming: true, tools: true, vision: true, jsonSchema: true, reasoning: true } as const;
const MILLION = 1_048_576;

function model(id: string, displayName: string, created: number, traits: GoogleModelTraits, card: Partial<ModelCardV1> = {}): GoogleModel {
  return { card: { id, displayName, created, ownedBy: 'google', capabilities: CHAT, ...card }, traits };
}

const FLASH_3_8 = levelModel(LOW_TO_HIGH);
const FLASH_3_6 = levelModel(LOW_TO_HIGH);

/**
 * The current ids of PROTOCOLS E.1 (late 2026), with limits, thinking style and list prices in USD
 * per million tokens where they were captured (prompts up to 200k tokens; set others in the
 * config). `created` is the release or GA date. Retiring models say so in `description`.
 */
const GOOGLE_MODELS: readonly GoogleModel[] = [
  model('gemini-4-argon', 'Gemini 4 Argon', 1791849600, levelModel(LOW_TO_HIGH, { ignoresSampling: true }), {
    maxOutputTokens: 65536,
    description: 'GA 13 Oct 2026. Ignores temperature/top_p; output up to 65,536 tokens streamed, 32,768 unstreamed; thinking levels assumed LOW–HIGH (not captured).',
  }),
  model('gemini-3.8-flash', 'Gemini 3.8 Flash', 1788307200, FLASH_3_8, {
    contextWindow: MILLION,
    maxOutputTokens: 65536,
    pricing: { input: 0.75, output: 3.75, cachedInput: 0.075 },
    description: 'GA 2 Sep 2026. Thinking levels LOW/MEDIUM/HIGH (default MEDIUM). Introductory prices until 31 Dec 2026 (then 1.50 / 7.50).',
  }),
  model('gemini-3.7-flash', 'Gemini 3.7 Flash', 1791417600, FLASH_3_8, { contextWindow: MILLION, maxOutputTokens: 65536, description: 'Alias of gemini-3.8-flash since 8 Oct 2026.' }),
  model('gemini-3.6-flash', 'Gemini 3.6 Flash', 1787097600, FLASH_3_6, { contextWindow: MILLION, maxOutputTokens: 65536, description: 'Thinking levels LOW/MEDIUM/HIGH (default MEDIUM).' }),
  model('gemini-3.5-flash', 'Gemini 3.5 Flash', 1791417600, FLASH_3_6, { contextWindow: MILLION, maxOutputTokens: 65536, description: 'Alias of gemini-3.6-flash since 8 Oct 2026.' }),
  model('gemini-3.5-flash-lite', 'Gemini 3.5 Flash-Lite', 1784592000, levelModel(MINIMAL_TO_HIGH), { contextWindow: MILLION, maxOutputTokens: 65536, description: 'Thinking levels MINIMAL–HIGH (default MINIMAL).' }),
  model('gemini-3.1-flash-lite', 'Gemini 3.1 Flash-Lite', 1778112000, levelModel(MINIMAL_TO_HIGH), { contextWindow: MILLION, maxOutputTokens: 65536, description: 'GA 7 May 2026. Thinking levels MINIMAL–HIGH (default MINIMAL).' }),
  model('gemini-3.1-pro-preview', 'Gemini 3.1 Pro (preview)', 1771459200, levelModel(LOW_TO_HIGH), {
    contextWindow: MILLION,
    maxOutputTokens: 65536,
    pricing: { input: 2, output: 12, cachedInput: 0.2, longContext: { aboveInputTokens: 200_000, input: 4, output: 18, cachedInput: 0.4 } },
    description: 'Preview. Thinking levels LOW/MEDIUM/HIGH (default HIGH), no MINIMAL.',
  }),
  model('gemini-3.1-pro-preview-customtools', 'Gemini 3.1 Pro (preview, custom tools)', 1771459200, levelModel(LOW_TO_HIGH), {
    contextWindow: MILLION,
    maxOutputTokens: 65536,
    pricing: { input: 2, output: 12, cachedInput: 0.2, longContext: { aboveInputTokens: 200_000, input: 4, output: 18, cachedInput: 0.4 } },
    description: 'Preview, tuned for custom tools. Thinking levels LOW/MEDIUM/HIGH (default HIGH).',
  }),
  model('gemini-3-flash-preview', 'Gemini 3 Flash (preview)', 1765929600, levelModel(MINIMAL_TO_HIGH), {
    contextWindow: MILLION,
    maxOutputTokens: 65536,
    pricing: { input: 0.5, output: 3, cachedInput: 0.05 },
    description: 'Preview. Thinking levels MINIMAL–HIGH.',
  }),
  model('gemini-3.1-flash-image', 'Gemini 3.1 Flash Image', 1778112000, IMAGE_MODEL, {
    capabilities: { streaming: true, tools: false, vision: true, jsonSchema: false, reasoning: true },
    description: 'Image model: returns thought signatures without validating them; no thinking knob is sent.',
  }),
  model('gemini-3-pro-image', 'Gemini 3 Pro Image', 1763596800, IMAGE_MODEL, {
    capabilities: { streaming: true, tools: false, vision: true, jsonSchema: false, reasoning: true },
    description: 'Image model: returns thought signatures without validating them; no thinking knob is sent.',
  }),
  model('gemini-2.5-flash-lite', 'Gemini 2.5 Flash-Lite', 1753142400, budgetModel(512, 24576, true), {
    contextWindow: MILLION,
    maxOutputTokens: 65536,
    pricing: { input: 0.1, output: 0.4, cachedInput: 0.01 },
    description: 'Thinking budget 512–24,576 tokens, 0 turns it off.',
  }),
  model('gemini-2.5-pro', 'Gemini 2.5 Pro', 1750118400, budgetModel(128, 32768, false), {
    contextWindow: MILLION,
    maxOutputTokens: 65536,
    pricing: { input: 1.25, output: 10, cachedInput: 0.125, longContext: { aboveInputTokens: 200_000, input: 2.5, output: 15, cachedInput: 0.25 } },
    retiresOn: '2026-12-01',
    description: 'Retiring (about 1 Dec 2026). Thinking budget 128–32,768 tokens; thinking cannot be turned off.',
  }),
  model('gemini-2.5-flash', 'Gemini 2.5 Flash', 1750118400, budgetModel(0, 24576, true), {
    contextWindow: MILLION,
    maxOutputTokens: 65536,
    pricing: { input: 0.3, output: 2.5, cachedInput: 0.03 },
    retiresOn: '2026-12-01',
    description: 'Retiring (about 1 Dec 2026). Thinking budget 0–24,576 tokens.',
  }),
];

/** Gemini's embedding model (POST /v1/embeddings through `:batchEmbedContents`): input tokens only, GA 2025-07-14. */
const GEMINI_EMBEDDING: ModelCardV1 = {
  id: 'gemini-embedding-001',
  displayName: 'Gemini Embedding',
  description: 'Embeddings (3072 dimensions, shortened by `dimensions`); Gemini reports no tokens for them, so usage is estimated.',
  capabilities: { embeddings: true },
  created: 1752451200,
  ownedBy: 'google',
  contextWindow: 2048,
  pricing: { input: 0.15, output: 0 },
};

export const GOOGLE_MODEL_CARDS: readonly ModelCardV1[] = [...GOOGLE_MODELS.map((entry) => entry.card), GEMINI_EMBEDDING];

/**
 * What the translator must know about `model`: the listed model it names (the longest listed id it
 * equals or starts with followed by `-`, so `gemini-2.5-flash-preview-09-2025` is 2.5 Flash), else
 * its family's traits.
 */
export function googleModelTraits(modelId: string): GoogleModelTraits {
  const id = modelId.replace(/^models\//, '');
  const matches = GOOGLE_MODELS.filter(({ card }) => id === card.id || id.startsWith(`${card.id}-`));
  const best = matches.sort((left, right) => right.card.id.length - left.card.id.length)[0];
  return best?.traits ?? fallbackTraits(id);
}
