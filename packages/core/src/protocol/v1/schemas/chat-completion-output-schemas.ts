import { FINISH_REASONS } from '../finish-reason.js';
import { functionToolCallSchema as toolCall } from './function-tool-call-schema.js';
import { extraContentSchema, reasoningDetailsSchema } from './hub-extension-schemas.js';
import type { JsonSchema } from './json-schema.js';

const usage: JsonSchema = {
  type: 'object',
  required: ['prompt_tokens', 'completion_tokens', 'total_tokens'],
  properties: {
    prompt_tokens: { type: 'integer', minimum: 0 },
    completion_tokens: { type: 'integer', minimum: 0 },
    total_tokens: { type: 'integer', minimum: 0 },
    prompt_tokens_details: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
    completion_tokens_details: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
  },
};

const finishReason: JsonSchema = { enum: FINISH_REASONS };

/** What a `chat.completion` answer must look like, whoever the upstream was. Used by tests and the conformance suite. */
export const chatCompletionResponseSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/v1/chat-completion-response.json',
  type: 'object',
  required: ['id', 'object', 'created', 'model', 'choices'],
  properties: {
    id: { type: 'string', minLength: 1 },
    object: { const: 'chat.completion' },
    created: { type: 'integer' },
    model: { type: 'string' },
    choices: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['index', 'message', 'finish_reason'],
        properties: {
          index: { type: 'integer', minimum: 0 },
          finish_reason: finishReason,
          message: {
            type: 'object',
            required: ['role', 'content'],
            properties: {
              role: { const: 'assistant' },
              content: { type: ['string', 'null'] },
              refusal: { type: ['string', 'null'] },
              tool_calls: { type: 'array', minItems: 1, items: toolCall },
              reasoning_details: reasoningDetailsSchema,
            },
          },
        },
      },
    },
    usage,
  },
};

/** What one `chat.completion.chunk` must look like. */
export const chatCompletionChunkSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/v1/chat-completion-chunk.json',
  type: 'object',
  required: ['id', 'object', 'created', 'model', 'choices'],
  properties: {
    id: { type: 'string', minLength: 1 },
    object: { const: 'chat.completion.chunk' },
    created: { type: 'integer' },
    model: { type: 'string' },
    choices: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'delta'],
        properties: {
          index: { type: 'integer', minimum: 0 },
          finish_reason: { anyOf: [finishReason, { type: 'null' }] },
          delta: {
            type: 'object',
            properties: {
              role: { const: 'assistant' },
              content: { type: ['string', 'null'] },
              tool_calls: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['index'],
                  properties: {
                    index: { type: 'integer', minimum: 0 },
                    id: { type: 'string', minLength: 1 },
                    type: { const: 'function' },
                    function: {
                      type: 'object',
                      properties: { name: { type: 'string' }, arguments: { type: 'string' } },
                    },
                    extra_content: extraContentSchema,
                  },
                },
              },
              reasoning_details: reasoningDetailsSchema,
            },
          },
        },
      },
    },
    usage: { anyOf: [usage, { type: 'null' }] },
  },
};

export const errorEnvelopeSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/v1/error-envelope.json',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['message', 'type', 'param', 'code'],
      properties: {
        message: { type: 'string', minLength: 1 },
        type: { type: 'string', minLength: 1 },
        param: { type: ['string', 'null'] },
        code: { type: ['string', 'null'] },
      },
    },
  },
};
