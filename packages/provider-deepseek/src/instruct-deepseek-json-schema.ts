import type { ChatMessage, ResponseFormat } from '@modelgate/core';

type JsonSchemaFormat = Extract<ResponseFormat, { type: 'json_schema' }>;

/**
 * DeepSeek has no `json_schema` output, only `json_object`, which needs the word "json" in the
 * prompt (PROTOCOLS G.2). So the schema travels as a system instruction ahead of the conversation
 * and `json_object` keeps the answer one JSON object; the schema itself is not enforced.
 */
export function instructDeepSeekJsonSchema(messages: readonly ChatMessage[], format: JsonSchemaFormat): { messages: ChatMessage[]; response_format: ResponseFormat } {
  const { name, description, schema } = format.json_schema;
  const about = description ? ` (${description})` : '';
  const shape = schema ? ` that matches this JSON schema "${name}"${about}:\n${JSON.stringify(schema)}` : ` ("${name}"${about}).`;
  const instruction: ChatMessage = { role: 'system', content: `Answer with one JSON object${shape}` };
  return { messages: [instruction, ...messages], response_format: { type: 'json_object' } };
}
