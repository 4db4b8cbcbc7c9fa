import type { JsonSchema } from '@modelgate/core';
import { createBodyValidator } from '../../../validation/validate-request-body.js';
import type { BridgedResponsesRequest } from './bridged-responses-request.js';

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const object = { type: 'object' };

/**
 * The shapes of the fields the bridge reads (PROTOCOLS B.1), checked before it reads them: the
 * front validates only `model`, `input` and `stream` and relays the rest to OpenAI, which checks
 * its own; for a bridged model the gateway must, so a wrong type is a 400 naming the field.
 */
const bridgedResponsesRequestSchema: JsonSchema = {
  $id: 'https://modelgate.dev/schemas/v1/bridged-responses-request.json',
  type: 'object',
  required: ['model'],
  properties: {
    instructions: nullable({ type: 'string' }),
    tools: { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, name: { type: 'string' } } } },
    tool_choice: { anyOf: [{ type: 'string' }, object] },
    parallel_tool_calls: nullable({ type: 'boolean' }),
    reasoning: nullable({ type: 'object', properties: { effort: nullable({ enum: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] }), summary: nullable({ enum: ['auto', 'concise', 'detailed'] }) } }),
    text: nullable({
      type: 'object',
      properties: {
        format: nullable({
          type: 'object',
          required: ['type'],
          properties: { type: { enum: ['text', 'json_object', 'json_schema'] }, name: { type: 'string' }, schema: object },
          if: { properties: { type: { const: 'json_schema' } } },
          then: { required: ['name'] },
        }),
        verbosity: nullable({ enum: ['low', 'medium', 'high'] }),
      },
    }),
    max_output_tokens: nullable({ type: 'integer', minimum: 1 }),
    temperature: nullable({ type: 'number' }),
    top_p: nullable({ type: 'number' }),
    include: nullable({ type: 'array', items: { type: 'string' } }),
    store: nullable({ type: 'boolean' }),
    background: nullable({ type: 'boolean' }),
    metadata: nullable({ type: 'object', additionalProperties: { type: 'string' } }),
    safety_identifier: nullable({ type: 'string' }),
    user: nullable({ type: 'string' }),
    prompt_cache_key: nullable({ type: 'string' }),
  },
};

export const validateBridgedResponsesRequest = createBodyValidator<BridgedResponsesRequest>(bridgedResponsesRequestSchema);
