import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { ResponseObject, ResponseStreamEvent } from '@modelgate/core';
import { startOpenAiSimulator, type OpenAiSimulator } from '../openai-simulator.js';
import { readSseEvents } from '@modelgate/testkit';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- event payloads are read field by field
type StreamEvent = ResponseStreamEvent & Record<string, any>;

function post(simulator: OpenAiSimulator, path: string, body: unknown): Promise<Response> {
  return fetch(`${simulator.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function stream(simulator: OpenAiSimulator, body: Record<string, unknown>): Promise<StreamEvent[]> {
  const response = await post(simulator, '/responses', { model: 'gpt-4.1', stream: true, ...body });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const events = await readSseEvents(response);
  const parsed = events.map((event) => {
    const data = JSON.parse(event.data) as StreamEvent;
    // Named events: the `event:` line always equals the payload's type.
    expect(event.event).toBe(data.type);
    return data;
  });
  expect(parsed.map((event) => event.sequence_number)).toEqual(parsed.map((_, index) => index));
  return parsed;
}

/** Every item opened with output_item.added is closed with output_item.done, in order, and the terminal event lists them. */
function expectWellFormed(events: StreamEvent[]): ResponseObject {
  expect(events.slice(0, 2).map((event) => event.type)).toEqual(['response.created', 'response.in_progress']);
  const added = events.filter((event) => event.type === 'response.output_item.added').map((event) => event.output_index);
  const done = events.filter((event) => event.type === 'response.output_item.done');
  expect(done.map((event) => event.output_index)).toEqual(added);
  const terminal = events.at(-1)!;
  expect(['response.completed', 'response.incomplete', 'response.failed']).toContain(terminal.type);
  const response = terminal.response as ResponseObject;
  expect(response.output).toEqual(done.map((event) => event.item));
  return response;
}

describe('OpenAI simulator: Responses API', () => {
  let simulator: OpenAiSimulator;

  beforeAll(async () => {
    simulator = await startOpenAiSimulator();
  });
  beforeEach(() => simulator.reset());
  afterAll(() => simulator.close());

  it('echoes the last user message as JSON, with usage and echoed settings', async () => {
    const response = await post(simulator, '/responses', { model: 'gpt-4.1', input: 'hello there', store: false });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ResponseObject;
    expect(body).toMatchObject({ object: 'response', status: 'completed', model: 'gpt-4.1', store: false });
    expect(body.id).toMatch(/^resp_/);
    expect(body.output).toEqual([
      expect.objectContaining({ type: 'message', role: 'assistant', content: [expect.objectContaining({ type: 'output_text', text: 'Echo: hello there' })] }),
    ]);
    expect(body.usage!.total_tokens).toBe(body.usage!.input_tokens + body.usage!.output_tokens);
  });

  it('streams reasoning with encrypted content and text in the canonical order', async () => {
    simulator.enqueueResponsesReply({
      kind: 'completed',
      items: [
        { type: 'reasoning', summary: 'Check the log first.', encryptedContent: 'gAAAA-secret' },
        { type: 'message', text: 'Running the build now.' },
      ],
      usage: { promptTokens: 100, completionTokens: 20, reasoningTokens: 8 },
    });
    const events = await stream(simulator, { input: [{ role: 'user', content: 'build' }], include: ['reasoning.encrypted_content'] });
    const response = expectWellFormed(events);
    expect(events.map((event) => event.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      ...events.filter((event) => event.type === 'response.reasoning_summary_text.delta').map(() => 'response.reasoning_summary_text.delta'),
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      ...events.filter((event) => event.type === 'response.output_text.delta').map(() => 'response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const text = events.filter((event) => event.type === 'response.output_text.delta').map((event) => event.delta).join('');
    expect(text).toBe('Running the build now.');
    expect(response.output[0]).toMatchObject({ type: 'reasoning', encrypted_content: 'gAAAA-secret' });
    expect(response.usage).toEqual({
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 8 },
      total_tokens: 120,
    });
  });

  it('omits encrypted reasoning unless the request includes it', async () => {
    simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'reasoning', summary: 'Hmm.' }] });
    const response = expectWellFormed(await stream(simulator, { input: 'think' }));
    expect(response.output[0]).not.toHaveProperty('encrypted_content');
  });

  it('streams function and custom tool calls in fragments', async () => {
    simulator.enqueueResponsesReply({
      kind: 'completed',
      items: [
        { type: 'function_call', name: 'shell', arguments: '{"command":["ls","-la"]}', callId: 'call_1' },
        { type: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch' },
      ],
    });
    const events = await stream(simulator, { input: 'list files' });
    const response = expectWellFormed(events);
    const argumentDeltas = events.filter((event) => event.type === 'response.function_call_arguments.delta');
    expect(argumentDeltas.length).toBeGreaterThan(1);
    expect(argumentDeltas.map((event) => event.delta).join('')).toBe('{"command":["ls","-la"]}');
    expect(events.find((event) => event.type === 'response.output_item.added')!.item).toMatchObject({ type: 'function_call', arguments: '', status: 'in_progress' });
    expect(events.find((event) => event.type === 'response.custom_tool_call_input.done')!.input).toBe('*** Begin Patch\n*** End Patch');
    expect(response.output.map((item) => [item.type, item.call_id !== undefined])).toEqual([
      ['function_call', true],
      ['custom_tool_call', true],
    ]);
    expect(response.output[0]).toMatchObject({ id: expect.stringMatching(/^fc_/), call_id: 'call_1', name: 'shell' });
    expect(response.output[1]!.id).toMatch(/^ctc_/);
  });

  it('answers a compaction_trigger with exactly one compaction item, without taking a scripted reply', async () => {
    simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'message', text: 'kept for later' }] });
    const events = await stream(simulator, {
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'long history' }] }, { type: 'compaction_trigger' }],
    });
    const response = expectWellFormed(events);
    const compactions = events.filter((event) => event.type === 'response.output_item.done' && event.item.type === 'compaction');
    expect(compactions).toHaveLength(1);
    expect(response.output).toEqual([{ id: expect.stringMatching(/^cmp_/), type: 'compaction', encrypted_content: expect.any(String) }]);

    const next = expectWellFormed(await stream(simulator, { input: [response.output[0]!, { role: 'user', content: 'go on' }] }));
    expect(next.output[0]!.content).toEqual([expect.objectContaining({ text: 'kept for later' })]);
  });

  it('ends with response.incomplete and response.failed when scripted', async () => {
    simulator.enqueueResponsesReply({ kind: 'incomplete', reason: 'max_output_tokens', items: [{ type: 'message', text: 'cut' }] });
    simulator.enqueueResponsesReply({ kind: 'failed', code: 'context_length_exceeded', message: 'Your input exceeds the context window of this model.' });
    const incomplete = expectWellFormed(await stream(simulator, { input: 'a' }));
    expect(incomplete).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    const failedEvents = await stream(simulator, { input: 'b' });
    const failed = expectWellFormed(failedEvents);
    expect(failedEvents.at(-1)!.type).toBe('response.failed');
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'context_length_exceeded' }, output: [] });
  });

  it('plays a mid-stream error as an `error` event with the next sequence number', async () => {
    simulator.enqueueFault({ type: 'mid-stream-error', afterChunks: 3, message: 'boom' });
    const events = await stream(simulator, { input: 'x' });
    expect(events).toHaveLength(4);
    expect(events[3]).toEqual({ type: 'error', sequence_number: 3, code: 'server_error', message: 'boom', param: null });
  });

  it('serves /responses/compact with the user messages and one compaction item', async () => {
    const response = await post(simulator, '/responses/compact', {
      model: 'gpt-4.1',
      input: [
        { type: 'message', role: 'developer', content: 'rules' },
        { role: 'user', content: 'Refactor the parser.' },
        { type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { object: string; output: Array<Record<string, unknown>>; usage: unknown };
    expect(body.object).toBe('response.compaction');
    expect(body.output).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Refactor the parser.' }] },
      { id: expect.stringMatching(/^cmp_/), type: 'compaction', encrypted_content: expect.any(String) },
    ]);
    expect(simulator.requests.at(-1)!.path).toBe('/v1/responses/compact');
  });

  it('rejects what translators get wrong: a trigger not last, an unanswered tool output, a wrapped function tool', async () => {
    const cases: Array<[unknown, string]> = [
      [{ model: 'gpt-4.1', input: [{ type: 'compaction_trigger' }, { role: 'user', content: 'x' }] }, 'input[0]'],
      [{ model: 'gpt-4.1', input: [{ type: 'function_call_output', call_id: 'call_x', output: 'ok' }] }, 'input[0].call_id'],
      [{ model: 'gpt-4.1', input: 'x', tools: [{ type: 'function', function: { name: 'f' } }] }, 'tools[0].name'],
      [{ input: 'x' }, 'model'],
    ];
    for (const [body, param] of cases) {
      const response = await post(simulator, '/responses', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { param: string } }).error.param).toBe(param);
    }
  });
});
