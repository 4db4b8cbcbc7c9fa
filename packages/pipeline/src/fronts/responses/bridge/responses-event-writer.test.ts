import { describe, expect, it } from '@jest/globals';
import { GatewayError, type ChatCompletionChunk, type ChatCompletionDelta, type FinishReason } from '@modelgate/core';
import { convertResponsesInput } from './convert-responses-input.js';
import { decodeMinted } from './minted-reasoning.js';
import { createAnswerContext } from './responses-output-items.js';
import { ResponsesEventWriter } from './responses-event-writer.js';

// The writer's edges the e2e tests do not reach with the simulators' usual answers: a cut answer,
// a signature after the text, a failure after content, and what a reasoning item carries back.

const MINTER = 'google/gemini-3.8-flash';

function chunk(delta: ChatCompletionDelta, finish: FinishReason | null = null): ChatCompletionChunk {
  return { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] };
}

function events(sse: string): Array<Record<string, unknown> & { type: string; sequence_number: number }> {
  return sse
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as Record<string, unknown> & { type: string; sequence_number: number });
}

function writer(include = true, summary: 'auto' | undefined = undefined): ResponsesEventWriter {
  return new ResponsesEventWriter(createAnswerContext({ model: 'gemini', ...(include && { include: ['reasoning.encrypted_content'] }), ...(summary && { reasoning: { summary } }) }, MINTER, new Set()));
}

describe('ResponsesEventWriter', () => {
  it('ends an answer cut at the token limit with response.incomplete, its reason and usage', () => {
    const w = writer();
    const sse = w.write(chunk({ content: 'Partial' })) + w.write(chunk({}, 'length')) + w.end();
    const last = events(sse).at(-1)!;
    expect(last).toMatchObject({ type: 'response.incomplete', response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 } } });
  });

  it('puts a signature that follows the text in a reasoning item after the message, tagged with its minter, and numbers every event', () => {
    const w = writer();
    const sse = w.write(chunk({ content: 'Hi' })) + w.write(chunk({ reasoning_details: [{ type: 'reasoning.encrypted', data: 'sig-1', format: 'google-gemini-v1' }] }, 'stop')) + w.end();
    const all = events(sse);
    expect(all.map((event) => event.sequence_number)).toEqual(all.map((_, index) => index));
    const done = all.filter((event) => event.type === 'response.output_item.done').map((event) => event.item as { type: string; encrypted_content?: string });
    expect(done.map((item) => item.type)).toEqual(['message', 'reasoning']);
    expect(decodeMinted(done[1]!.encrypted_content)).toEqual({ minter: MINTER, details: [{ type: 'reasoning.encrypted', data: 'sig-1', format: 'google-gemini-v1' }] });
    expect((all.at(-1)!.response as { output: unknown[] }).output).toEqual(done);
  });

  it('shows reasoning as summary events only when a summary was asked for', () => {
    const shown = writer(false, 'auto');
    const withSummary = events(shown.write(chunk({ reasoning_content: 'Think' })) + shown.write(chunk({ content: 'A' }, 'stop')) + shown.end()).map((event) => event.type);
    expect(withSummary).toEqual(expect.arrayContaining(['response.reasoning_summary_part.added', 'response.reasoning_summary_text.delta', 'response.reasoning_summary_text.done', 'response.reasoning_summary_part.done']));
    const hidden = writer(false);
    const without = events(hidden.write(chunk({ reasoning_content: 'Think' })) + hidden.end());
    expect(without.some((event) => event.type.startsWith('response.reasoning_summary'))).toBe(false);
    expect(without.find((event) => event.type === 'response.output_item.done')!.item).toEqual({ id: expect.stringMatching(/^rs_/), type: 'reasoning', summary: [] });
  });

  it('writes a failure after content as the Responses error event, numbered after the last', () => {
    const w = writer();
    const before = events(w.write(chunk({ content: 'Half' })));
    const failure = events(w.failure(new GatewayError({ status: 502, code: 'upstream_interrupted', message: 'The upstream connection broke.' })));
    expect(failure).toEqual([{ type: 'error', sequence_number: before.length, code: 'upstream_interrupted', message: 'The upstream connection broke.', param: null }]);
  });

  it('refuses a call whose arguments interleave with another call', () => {
    const w = writer();
    w.write(chunk({ tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '{' } }] }));
    w.write(chunk({ tool_calls: [{ index: 1, id: 'b', function: { name: 'g', arguments: '{' } }] }));
    expect(() => w.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '}' } }] }))).toThrow('interleaved');
  });
});

describe('convertResponsesInput', () => {
  it('folds reasoning, text and calls into one assistant turn, tool outputs after it, and restores only its own minter\'s reasoning', () => {
    const own = writer();
    const ownItem = events(own.write(chunk({ reasoning_content: 'Mine', reasoning_details: [{ type: 'reasoning.encrypted', data: 'sig-own' }] })) + own.end()).find((event) => event.type === 'response.output_item.done')!.item as Record<string, unknown>;
    const messages = convertResponsesInput(
      {
        instructions: 'Be brief.',
        input: [
          { role: 'user', content: 'Go' },
          ownItem,
          { type: 'reasoning', summary: [], encrypted_content: 'gAAAA-openai' },
          { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
          { type: 'custom_tool_call', call_id: 'c2', name: 'apply_patch', input: '*** Begin Patch' },
          { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: 'ok' }, { type: 'input_image', image_url: 'data:image/png;base64,AA' }] },
          { type: 'custom_tool_call_output', call_id: 'c2', output: 'patched' },
        ],
      },
      MINTER,
    );
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Go' }] },
      {
        role: 'assistant',
        content: null,
        reasoning_content: 'Mine',
        reasoning_details: [{ type: 'reasoning.encrypted', data: 'sig-own' }],
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'apply_patch', arguments: JSON.stringify({ input: '*** Begin Patch' }) } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'ok' }] },
      { role: 'tool', tool_call_id: 'c2', content: [{ type: 'text', text: 'patched' }] },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } }] },
    ]);
    // The same item sent to another deployment is left out.
    const elsewhere = convertResponsesInput({ input: [{ role: 'user', content: 'Go' }, ownItem, { role: 'assistant', content: 'Done' }] }, 'google/gemini-3.1-pro');
    expect(elsewhere).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Go' }] }, { role: 'assistant', content: 'Done' }]);
  });
});
