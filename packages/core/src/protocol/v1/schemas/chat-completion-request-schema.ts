import { functionToolCallSchema as toolCall } from './function-tool-call-schema.js';
import { reasoningDetailsSchema } from './hub-extension-schemas.js';
import type { JsonSchema } from './json-schema.js';
import { modelIdSchema } from './model-id-schema.js';

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

const textPart: JsonSchema = {
  type: 'object',
  required: ['type', 'text'],
  properties: { type: { const: 'text' }, text: { type: 'string' } },
};

const textContent: JsonSchema = { anyOf: [{ type: 'string' }, { type: 'array', items: textPart }] };

const userPart: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: ['text', 'image_url', 'input_audio', 'file'] } },
  allOf: [
    { if: { properties: { type: { const: 'text' } } }, then: textPart },
    {
      if: { properties: { type: { const: 'image_url' } } },
      then: {
        required: ['image_url'],
        properties: {
          image_url: {
            type: 'object',
            required: ['url'],
            properties: { url: { type: 'string', minLength: 1 }, detail: { enum: ['auto', 'low', 'high'] } },
          },
        },
      },
    },
    {
      if: { properties: { type: { const: 'input_audio' } } },
      then: {
        required: ['input_audio'],
        properties: {
          input_audio: {
            type: 'object',
            required: ['data', 'format'],
            properties: { data: { type: 'string' }, format: { type: 'string' } },
          },
        },
      },
    },
    { if: { properties: { type: { const: 'file' } } }, then: { required: ['file'], properties: { file: { type: 'object' } } } },
  ],
};

/** A part of an assistant message's content: text or a refusal, each with its own field. */
const assistantPart: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: ['text', 'refusal'] } },
  allOf: [
    { if: { properties: { type: { const: 'text' } } }, then: textPart },
    { if: { properties: { type: { const: 'refusal' } } }, then: { required: ['refusal'], properties: { refusal: { type: 'string' } } } },
  ],
};

const message: JsonSchema = {
  type: 'object',
  required: ['role'],
  properties: {
    role: { enum: ['system', 'developer', 'user', 'assistant', 'tool', 'function'] },
    name: { type: 'string' },
  },
  allOf: [
    {
      if: { properties: { role: { enum: ['system', 'developer'] } } },
      then: { required: ['content'], properties: { content: textContent } },
    },
    {
      if: { properties: { role: { const: 'user' } } },
      then: {
        required: ['content'],
        properties: { content: { anyOf: [{ type: 'string' }, { type: 'array', items: userPart }] } },
      },
    },
    {
      if: { properties: { role: { const: 'assistant' } } },
      then: {
        properties: {
          // One schema with `items` rather than anyOf, so a bad part is reported at its own path.
          content: { type: ['string', 'null', 'array'], items: assistantPart },
          refusal: nullable({ type: 'string' }),
          tool_calls: { type: 'array', items: toolCall },
          reasoning_details: reasoningDetailsSchema,
        },
      },
    },
    {
      if: { properties: { role: { const: 'tool' } } },
      then: {
        required: ['content', 'tool_call_id'],
        properties: { content: textContent, tool_call_id: { type: 'string', minLength: 1 } },
      },
    },
    {
      if: { properties: { role: { const: 'function' } } },
      then: { required: ['content', 'name'] },
    },
  ],
};

const tool: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: ['function', 'custom'] } },
  allOf: [
    {
      if: { properties: { type: { const: 'function' } } },
      then: {
        required: ['function'],
        properties: {
          function: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
              description: { type: 'string' },
              parameters: { type: 'object' },
              strict: nullable({ type: 'boolean' }),
            },
          },
        },
      },
    },
    {
      if: { properties: { type: { const: 'custom' } } },
      then: {
        required: ['custom'],
        properties: { custom: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
      },
    },
  ],
};

const named: JsonSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } };
const whenChoice = (type: string, then: JsonSchema): JsonSchema => ({ if: { properties: { type: { const: type } } }, then });

/**
 * `tool_choice`: a mode, or an object whose `type` names the field it needs. A string/object
 * if-else rather than anyOf, so a missing field is reported at its own path
 * (`tool_choice.function`), not as "not one of the modes".
 */
const toolChoice: JsonSchema = {
  type: ['string', 'object'],
  if: { type: 'string' },
  then: { enum: ['none', 'auto', 'required'] },
  else: {
    required: ['type'],
    properties: { type: { enum: ['function', 'custom', 'allowed_tools'] } },
    allOf: [
      whenChoice('function', { required: ['function'], properties: { function: named } }),
      whenChoice('custom', { required: ['custom'], properties: { custom: named } }),
      whenChoice('allowed_tools', {
        required: ['allowed_tools'],
        properties: {
          allowed_tools: { type: 'object', required: ['mode', 'tools'], properties: { mode: { enum: ['auto', 'required'] }, tools: { type: 'array', items: { type: 'object' } } } },
        },
      }),
    ],
  },
};

/**
 * JSON Schema for the body of `POST /v1/chat/completions`. It checks the types of every field the
 * gateway or a translator reads, and leaves unknown top-level fields alone so that new OpenAI
 * parameters still reach OpenAI untouched.
 */
export const chatCompletionRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/v1/chat-completion-request.json',
  type: 'object',
  required: ['model', 'messages'],
  properties: {
    model: modelIdSchema,
    messages: { type: 'array', minItems: 1, items: message },
    frequency_penalty: nullable({ type: 'number', minimum: -2, maximum: 2 }),
    presence_penalty: nullable({ type: 'number', minimum: -2, maximum: 2 }),
    logit_bias: nullable({ type: 'object', additionalProperties: { type: 'number', minimum: -100, maximum: 100 } }),
    logprobs: nullable({ type: 'boolean' }),
    top_logprobs: nullable({ type: 'integer', minimum: 0, maximum: 20 }),
    max_tokens: nullable({ type: 'integer', minimum: 1 }),
    max_completion_tokens: nullable({ type: 'integer', minimum: 1 }),
    metadata: nullable({ type: 'object', additionalProperties: { type: 'string' } }),
    n: nullable({ type: 'integer', minimum: 1, maximum: 128 }),
    parallel_tool_calls: { type: 'boolean' },
    reasoning_effort: nullable({ enum: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] }),
    response_format: {
      type: 'object',
      required: ['type'],
      properties: { type: { enum: ['text', 'json_object', 'json_schema'] } },
      if: { properties: { type: { const: 'json_schema' } } },
      then: {
        required: ['json_schema'],
        properties: {
          json_schema: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', minLength: 1 }, schema: { type: 'object' }, strict: nullable({ type: 'boolean' }) },
          },
        },
      },
    },
    seed: nullable({ type: 'integer' }),
    stop: nullable({
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: 4 }],
    }),
    store: nullable({ type: 'boolean' }),
    stream: nullable({ type: 'boolean' }),
    stream_options: nullable({
      type: 'object',
      properties: { include_usage: { type: 'boolean' }, include_obfuscation: { type: 'boolean' } },
    }),
    temperature: nullable({ type: 'number', minimum: 0, maximum: 2 }),
    top_p: nullable({ type: 'number', minimum: 0, maximum: 1 }),
    tools: { type: 'array', items: tool },
    tool_choice: toolChoice,
    user: { type: 'string' },
    safety_identifier: { type: 'string' },
    prompt_cache_key: { type: 'string' },
  },
  // `stream_options` is only allowed with `stream: true`, as OpenAI enforces.
  if: { required: ['stream_options'], properties: { stream_options: { type: 'object' } } },
  then: { required: ['stream'], properties: { stream: { const: true } } },
};
