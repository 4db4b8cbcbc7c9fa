import type { ModelCardV1, ModelPattern } from '@modelgate/core';

/** Ids OpenAI serves that the gateway routes here without a config entry. */
export const OPENAI_MODEL_PATTERNS: readonly ModelPattern[] = [
  'gpt-*',
  'chatgpt-*',
  'codex-*',
  'o1',
  'o1-*',
  'o3',
  'o3-*',
  'o4-*',
  'computer-use-*',
  'text-embedding-*',
];

const NON_REASONING = { streaming: true, tools: true, vision: true, jsonSchema: true, reasoning: false } as const;
const ALL_CAPABILITIES = { ...NON_REASONING, reasoning: true } as const;

/**
 * Per-call prices of the Responses tools whose calls the gateway counts: file search $2.50 per
 * 1,000 calls on every model; web search $10 per 1,000 on reasoning models (the non-reasoning ones
 * bill `web_search_preview` at $25 per 1,000, so their cards name no web search price).
 */
const REASONING_TOOL_CALLS = { web_search: 0.01, file_search: 0.0025 } as const;
const NON_REASONING_TOOL_CALLS = { file_search: 0.0025 } as const;

/** An embedding model: served at POST /v1/embeddings only. */
const EMBEDDING = { embeddings: true } as const;

/** List prices in USD per million tokens, as published at the time of writing; override them in the config. */
export const OPENAI_MODEL_CARDS: readonly ModelCardV1[] = [
  { id: 'gpt-5', displayName: 'GPT-5', capabilities: ALL_CAPABILITIES, created: 1754524800, ownedBy: 'openai', contextWindow: 400000, maxOutputTokens: 128000, pricing: { input: 1.25, output: 10, cachedInput: 0.125, toolCalls: REASONING_TOOL_CALLS } },
  { id: 'gpt-5-mini', displayName: 'GPT-5 mini', capabilities: ALL_CAPABILITIES, created: 1754524800, ownedBy: 'openai', contextWindow: 400000, maxOutputTokens: 128000, pricing: { input: 0.25, output: 2, cachedInput: 0.025, toolCalls: REASONING_TOOL_CALLS } },
  { id: 'gpt-4.1', displayName: 'GPT-4.1', capabilities: NON_REASONING, created: 1744329600, ownedBy: 'openai', contextWindow: 1047576, maxOutputTokens: 32768, pricing: { input: 2, output: 8, cachedInput: 0.5, toolCalls: NON_REASONING_TOOL_CALLS } },
  { id: 'gpt-4.1-mini', displayName: 'GPT-4.1 mini', capabilities: NON_REASONING, created: 1744329600, ownedBy: 'openai', contextWindow: 1047576, maxOutputTokens: 32768, pricing: { input: 0.4, output: 1.6, cachedInput: 0.1, toolCalls: NON_REASONING_TOOL_CALLS } },
  { id: 'gpt-4o', displayName: 'GPT-4o', capabilities: NON_REASONING, created: 1715367049, ownedBy: 'openai', contextWindow: 128000, maxOutputTokens: 16384, pricing: { input: 2.5, output: 10, cachedInput: 1.25, toolCalls: NON_REASONING_TOOL_CALLS } },
  { id: 'gpt-4o-mini', displayName: 'GPT-4o mini', capabilities: NON_REASONING, created: 1721172741, ownedBy: 'openai', contextWindow: 128000, maxOutputTokens: 16384, pricing: { input: 0.15, output: 0.6, cachedInput: 0.075, toolCalls: NON_REASONING_TOOL_CALLS } },
  { id: 'o3', displayName: 'o3', capabilities: ALL_CAPABILITIES, created: 1744848000, ownedBy: 'openai', contextWindow: 200000, maxOutputTokens: 100000, pricing: { input: 2, output: 8, cachedInput: 0.5, toolCalls: REASONING_TOOL_CALLS } },
  // Embedding models (POST /v1/embeddings): input tokens only.
  { id: 'text-embedding-3-small', displayName: 'text-embedding-3-small', description: 'Embeddings (1536 dimensions, shortened by `dimensions`).', capabilities: EMBEDDING, created: 1706140800, ownedBy: 'openai', contextWindow: 8192, pricing: { input: 0.02, output: 0 } },
  { id: 'text-embedding-3-large', displayName: 'text-embedding-3-large', description: 'Embeddings (3072 dimensions, shortened by `dimensions`).', capabilities: EMBEDDING, created: 1706140800, ownedBy: 'openai', contextWindow: 8192, pricing: { input: 0.13, output: 0 } },
  { id: 'text-embedding-ada-002', displayName: 'text-embedding-ada-002', description: 'Embeddings (1536 dimensions).', capabilities: EMBEDDING, created: 1671062400, ownedBy: 'openai', contextWindow: 8192, pricing: { input: 0.1, output: 0 } },
  { id: 'o4-mini', displayName: 'o4-mini', capabilities: ALL_CAPABILITIES, created: 1744848000, ownedBy: 'openai', contextWindow: 200000, maxOutputTokens: 100000, pricing: { input: 1.1, output: 4.4, cachedInput: 0.275, toolCalls: REASONING_TOOL_CALLS } },
];
