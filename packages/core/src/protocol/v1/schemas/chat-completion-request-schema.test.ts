import { describe, expect, it } from '@jest/globals';
import { Ajv, type ErrorObject } from 'ajv';
import { chatCompletionRequestSchema } from './chat-completion-request-schema.js';

// The pipeline's settings (packages/pipeline/src/validation/schema-compiler.ts): first error only, not strict.
const validate = new Ajv({ strict: false, allErrors: false }).compile(chatCompletionRequestSchema);

/** Where the pipeline's 400 points: the first error that is not an if/anyOf wrapper, plus the missing field. */
function reportedAt(body: unknown): string | undefined {
  if (validate(body)) return undefined;
  const error = (validate.errors ?? []).find((candidate: ErrorObject) => !['if', 'anyOf', 'oneOf'].includes(candidate.keyword))!;
  const missing = error.keyword === 'required' ? `/${(error.params as { missingProperty: string }).missingProperty}` : '';
  return `${error.instancePath}${missing}`;
}

const request = (extra: Record<string, unknown>) => ({ model: 'm', messages: [{ role: 'user', content: 'x' }], ...extra });
const assistantWith = (content: unknown) => request({ messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content }, { role: 'user', content: 'b' }] });

describe('chatCompletionRequestSchema: bodies translators cannot read are 400s at their own path', () => {
  it.each([
    ['a function tool_choice without its function', request({ tool_choice: { type: 'function' } }), '/tool_choice/function'],
    ['a function tool_choice without a name', request({ tool_choice: { type: 'function', function: {} } }), '/tool_choice/function/name'],
    ['a custom tool_choice without its custom', request({ tool_choice: { type: 'custom' } }), '/tool_choice/custom'],
    ['allowed_tools without its list', request({ tool_choice: { type: 'allowed_tools' } }), '/tool_choice/allowed_tools'],
    ['allowed_tools without tools', request({ tool_choice: { type: 'allowed_tools', allowed_tools: { mode: 'auto' } } }), '/tool_choice/allowed_tools/tools'],
    ['an unknown tool_choice mode', request({ tool_choice: 'sometimes' }), '/tool_choice'],
    ['an assistant text part without text', assistantWith([{ type: 'text' }]), '/messages/1/content/0/text'],
    ['an assistant refusal part without refusal', assistantWith([{ type: 'refusal' }]), '/messages/1/content/0/refusal'],
    ['an assistant part of another type', assistantWith([{ type: 'image_url' }]), '/messages/1/content/0/type'],
  ])('%s', (_case, body, path) => {
    expect(reportedAt(body)).toBe(path);
  });

  it.each([
    ['every tool_choice mode', request({ tool_choice: 'required' })],
    ['a named function', request({ tool_choice: { type: 'function', function: { name: 'f' } } })],
    ['allowed_tools', request({ tool_choice: { type: 'allowed_tools', allowed_tools: { mode: 'required', tools: [{ type: 'function', function: { name: 'f' } }] } } })],
    ['assistant string, null and part contents', assistantWith([{ type: 'text', text: 'hi' }, { type: 'refusal', refusal: 'no' }])],
    ['an assistant message without content', assistantWith(null)],
  ])('still accepts %s', (_case, body) => {
    expect(reportedAt(body)).toBeUndefined();
  });
});
