import type { AnthropicOutputConfig, ResponseFormat } from '@modelgate/core';
import { transformAnthropicJsonSchema } from './transform-anthropic-json-schema.js';

/** Anthropic has no JSON mode; this instruction is appended to the system prompt for `json_object`. */
export const JSON_OBJECT_INSTRUCTION = 'Respond with a single valid JSON object and nothing else: no prose, no code fences.';

export interface OutputFormat {
  readonly format?: NonNullable<AnthropicOutputConfig['format']>;
  /** A system instruction, where the format is asked for rather than enforced. */
  readonly instruction?: string;
}

/**
 * `response_format` (README, "Structured output"): a `strict` json_schema is enforced with
 * structured outputs (`output_config.format`), its schema brought into Anthropic's subset; without
 * `strict` it is best effort, as at OpenAI, so the schema goes into a system instruction and the
 * model is not constrained; `json_object` (or a json_schema without a schema) is an instruction.
 */
export function planOutputFormat(responseFormat: ResponseFormat | undefined): OutputFormat {
  if (responseFormat?.type === 'json_schema' && responseFormat.json_schema.schema) {
    const { schema, strict } = responseFormat.json_schema;
    if (strict === true) return { format: { type: 'json_schema', schema: transformAnthropicJsonSchema(schema) as Record<string, unknown> } };
    return { instruction: `${JSON_OBJECT_INSTRUCTION} The object should match this JSON Schema: ${JSON.stringify(schema)}` };
  }
  if (responseFormat?.type === 'json_schema' || responseFormat?.type === 'json_object') return { instruction: JSON_OBJECT_INSTRUCTION };
  return {};
}
