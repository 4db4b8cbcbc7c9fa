import { encodeEmbeddingBase64 } from '@modelgate/core';
import { estimateTokens, playPreludeFault, unitVectorOf, writeJsonBody } from '@modelgate/testkit';
import { openAiErrorFormat, type OpenAiProblem } from './openai-errors.js';
import type { OpenAiSimulatorEndpoint } from './openai-simulator-endpoint.js';

/** The embedding models the simulator knows, with their vector lengths and whether `dimensions` shortens them. */
const EMBEDDING_MODELS: Readonly<Record<string, { length: number; shortens: boolean }>> = {
  'text-embedding-3-small': { length: 1536, shortens: true },
  'text-embedding-3-large': { length: 3072, shortens: true },
  'text-embedding-ada-002': { length: 1536, shortens: false },
};

const CONTEXT_TOKENS = 8192;

// OpenAI's answer to an input it cannot read (an empty string, a list holding one): openai/openai-python#576,
// aryn-ai/sycamore#943 (2024-10), lightdash/lightdash#18938 (2025-12, an empty string alone).
const INVALID_INPUT: OpenAiProblem = { status: 400, message: "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference." };
// `dimensions` on a model without shortening: SciPhi-AI/R2R#768 (2024-07), sbintuitions/JMTEB#14.
const NO_DIMENSIONS: OpenAiProblem = { status: 400, message: 'This model does not support specifying dimensions.' };

function tooLong(tokens: number): OpenAiProblem {
  // OpenAI's context-length sentence (PROTOCOLS A.6), as its embeddings endpoint words it for one input.
  return { status: 400, message: `This model's maximum context length is ${CONTEXT_TOKENS} tokens, however you requested ${tokens} tokens (${tokens} in your prompt; 0 for the completion). Please reduce your prompt; or completion length.` };
}

/** The inputs as a list of texts (token arrays stand for themselves), or undefined when OpenAI refuses them. */
function inputsOf(input: unknown): Array<{ text: string; tokens: number }> | undefined {
  const one = (value: unknown) =>
    typeof value === 'string' && value !== '' ? { text: value, tokens: estimateTokens(value) } : Array.isArray(value) && value.length > 0 && value.every(Number.isInteger) ? { text: value.join(','), tokens: value.length } : undefined;
  const list = Array.isArray(input) && !input.every((item) => typeof item === 'number') ? input : [input];
  if (list.length === 0 || list.length > 2048) return undefined;
  const read = list.map(one);
  return read.every((item) => item !== undefined) ? read : undefined;
}

/**
 * `POST /v1/embeddings` as OpenAI serves it (PROTOCOLS A.9): a string, strings or token arrays in,
 * unit vectors out (float, or base64 of little-endian float32), usage as prompt tokens; OpenAI's
 * refusals in its words. Added to the chat simulator by `@modelgate/provider-openai/testing`, and
 * by tests that stand a compatible server up with embeddings.
 */
export const openAiEmbeddingsEndpoint: OpenAiSimulatorEndpoint = {
  method: 'POST',
  path: '/v1/embeddings',
  async answer({ request, response, signal, headers, fault, modelProblem, sendProblem }) {
    if (await playPreludeFault(fault, response, openAiErrorFormat, signal, headers)) return;
    const body = (request.body ?? {}) as { model?: unknown; input?: unknown; encoding_format?: unknown; dimensions?: unknown };
    if (typeof body.model !== 'string') return sendProblem({ status: 400, message: 'You must provide a model parameter.' });
    const unknownModel = modelProblem(body.model);
    if (unknownModel) return sendProblem(unknownModel);
    const model = EMBEDDING_MODELS[body.model] ?? { length: 1536, shortens: true };
    const inputs = inputsOf(body.input);
    if (!inputs) return sendProblem(INVALID_INPUT);
    if (body.dimensions !== undefined && !model.shortens) return sendProblem(NO_DIMENSIONS);
    const longest = Math.max(...inputs.map((input) => input.tokens));
    if (longest > CONTEXT_TOKENS) return sendProblem(tooLong(longest));
    const length = typeof body.dimensions === 'number' ? body.dimensions : model.length;
    const data = inputs.map((input, index) => {
      // OpenAI's vectors are float32: what base64 carries, and what floats round to.
      const vector = unitVectorOf(input.text, length).map(Math.fround);
      return { object: 'embedding', index, embedding: body.encoding_format === 'base64' ? encodeEmbeddingBase64(vector) : vector };
    });
    const tokens = inputs.reduce((sum, input) => sum + input.tokens, 0);
    writeJsonBody(response, 200, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } }, headers);
  },
};
