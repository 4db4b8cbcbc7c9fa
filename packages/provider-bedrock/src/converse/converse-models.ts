import type { ModelCardV1 } from '@modelgate/core';

/**
 * Model families served through Converse: Amazon Nova, Meta Llama, Mistral, DeepSeek, OpenAI's
 * open-weight gpt-oss, Qwen, Cohere, AI21, and their cross-region inference profiles. Claude goes
 * through InvokeModel (the `bedrock` provider), where the Anthropic translator and the Messages
 * pass-through apply.
 */
const FAMILIES = ['amazon.nova-*', 'meta.llama*', 'mistral.*', 'deepseek.*', 'openai.gpt-oss-*', 'qwen.*', 'cohere.command-*', 'ai21.jamba-*'];
const PROFILES = ['', 'us.', 'eu.', 'apac.', 'global.'];
export const CONVERSE_MODEL_PATTERNS: readonly string[] = PROFILES.flatMap((profile) => FAMILIES.map((family) => `${profile}${family}`));

/**
 * On-demand prices of the catalogued models in USD per million tokens (AWS, "Amazon Bedrock
 * pricing", us-east-1, read 2026-11-27). Other ids are served by pattern and priced by the config.
 */
function card(id: string, displayName: string, ownedBy: string, created: number, price: { input: number; output: number }, window: { context: number; output: number }, vision: boolean): ModelCardV1 {
  return {
    id,
    displayName,
    created,
    ownedBy,
    contextWindow: window.context,
    maxOutputTokens: window.output,
    pricing: price,
    capabilities: { streaming: true, tools: true, vision, jsonSchema: true },
  };
}

// `created`: the day each model reached Bedrock (Nova 2024-12-03, gpt-oss 2025-08-05).
const NOVA = 1_733_184_000;
const GPT_OSS = 1_754_352_000;

export const CONVERSE_MODEL_CARDS: readonly ModelCardV1[] = [
  card('us.amazon.nova-pro-v1:0', 'Amazon Nova Pro', 'amazon', NOVA, { input: 0.8, output: 3.2 }, { context: 300_000, output: 10_000 }, true),
  card('us.amazon.nova-lite-v1:0', 'Amazon Nova Lite', 'amazon', NOVA, { input: 0.06, output: 0.24 }, { context: 300_000, output: 10_000 }, true),
  card('us.amazon.nova-micro-v1:0', 'Amazon Nova Micro', 'amazon', NOVA, { input: 0.035, output: 0.14 }, { context: 128_000, output: 10_000 }, false),
  card('openai.gpt-oss-120b-1:0', 'gpt-oss-120b on Bedrock', 'openai', GPT_OSS, { input: 0.15, output: 0.6 }, { context: 128_000, output: 32_768 }, false),
  card('openai.gpt-oss-20b-1:0', 'gpt-oss-20b on Bedrock', 'openai', GPT_OSS, { input: 0.07, output: 0.3 }, { context: 128_000, output: 32_768 }, false),
];
