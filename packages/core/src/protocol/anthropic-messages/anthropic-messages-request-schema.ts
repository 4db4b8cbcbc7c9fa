import type { JsonSchema } from '../v1/schemas/json-schema.js';
import { modelIdSchema } from '../v1/schemas/model-id-schema.js';

const block: JsonSchema = { type: 'object', required: ['type'], properties: { type: { type: 'string' } } };

const messageParam: JsonSchema = {
  type: 'object',
  required: ['role', 'content'],
  properties: {
    role: { enum: ['user', 'assistant', 'system'] },
    content: { anyOf: [{ type: 'string' }, { type: 'array', items: block }] },
  },
};

const sharedProperties: Readonly<Record<string, JsonSchema>> = {
  model: modelIdSchema,
  messages: { type: 'array', items: messageParam },
  system: { anyOf: [{ type: 'string' }, { type: 'array', items: block }] },
  tools: { type: 'array', items: { type: 'object' } },
  tool_choice: block,
  thinking: block,
};

/**
 * JSON Schema for `POST /v1/messages` (PROTOCOLS D.2). Only the fields the gateway reads are
 * checked (model, the required `max_tokens`, the shape of messages and blocks, stream); every other
 * field, block type and tool type passes, so a new Anthropic feature reaches Anthropic untouched.
 */
export const anthropicMessagesRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/anthropic/messages-request.json',
  type: 'object',
  required: ['model', 'max_tokens', 'messages'],
  properties: {
    ...sharedProperties,
    max_tokens: { type: 'integer', minimum: 1 },
    stream: { type: 'boolean' },
  },
};

/** JSON Schema for `POST /v1/messages/count_tokens`: the same body without `max_tokens` and `stream` (D.7). */
export const anthropicCountTokensRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/anthropic/count-tokens-request.json',
  type: 'object',
  required: ['model', 'messages'],
  properties: sharedProperties,
};
