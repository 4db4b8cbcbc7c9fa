import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type OpenAI from 'openai';
import { startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastUpstreamBody, openAiClient } from '../support/responses-bridge-scripts.js';

// Reasoning and custom tools through the Responses bridge: a Claude signature round-trips inside
// `encrypted_content` to the model that minted it and to no other, and Codex-style freeform
// (custom) tools travel as one-string-argument functions and come back as custom_tool_call items.

let gateway: MessagesFrontGateway;
let client: OpenAI;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway({ responses: { otherFamilies: 'bridge' } });
  client = openAiClient(gateway.gateway.url);
});
afterAll(() => gateway.close());
beforeEach(() => {
  for (const simulator of [gateway.simulator.anthropic, gateway.simulator.google, gateway.simulator.deepseek]) simulator.reset();
});

const SHELL: OpenAI.Responses.FunctionTool = { type: 'function', name: 'shell', strict: false, parameters: { type: 'object', properties: { cmd: { type: 'string' } }, required: ['cmd'] } };
const APPLY_PATCH: OpenAI.Responses.CustomTool = {
  type: 'custom',
  name: 'apply_patch',
  description: 'Edit files with a patch.',
  format: { type: 'grammar', syntax: 'lark', definition: 'start: "*** Begin Patch" /(.|\\n)*/ "*** End Patch"' },
};

type AssistantBlock = { type: string; thinking?: string; signature?: string };

/** The assistant turns' blocks in the last request Anthropic received. */
function anthropicAssistantBlocks(): AssistantBlock[] {
  const messages = lastUpstreamBody(gateway.simulator, 'anthropic').messages as Array<{ role: string; content: AssistantBlock[] | string }>;
  return messages.filter((message) => message.role === 'assistant').flatMap((message) => (Array.isArray(message.content) ? message.content : []));
}

describe('reasoning through encrypted_content', () => {
  it("carries Claude's signed thinking back to the model that minted it, shown as a summary", async () => {
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'I should list the files.', signature: 'sig-claude-1' }, { type: 'tool_use', id: 'toolu_ls', name: 'shell', input: { cmd: 'ls' } }] });
    const request = { model: 'claude-sonnet-4-5', tools: [SHELL], reasoning: { effort: 'medium', summary: 'auto' }, include: ['reasoning.encrypted_content'], store: false } satisfies Omit<OpenAI.Responses.ResponseCreateParamsNonStreaming, 'input'>;
    const stream = client.responses.stream({ ...request, input: 'List the files.' });
    const summaryDeltas: string[] = [];
    stream.on('response.reasoning_summary_text.delta', (event) => summaryDeltas.push(event.delta));
    const first = await stream.finalResponse();
    const reasoning = first.output.find((item) => item.type === 'reasoning') as OpenAI.Responses.ResponseReasoningItem;
    expect(reasoning.summary).toEqual([{ type: 'summary_text', text: 'I should list the files.' }]);
    expect(summaryDeltas.join('')).toBe('I should list the files.');
    expect(reasoning.encrypted_content).toEqual(expect.any(String));
    expect(first.output.map((item) => item.type)).toEqual(['reasoning', 'function_call']);
    expect(lastUpstreamBody(gateway.simulator, 'anthropic').thinking).toMatchObject({ type: 'enabled' });

    // The simulator accepts a signature back only with its own text: the turn in progress must open with it.
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'text', text: 'Two files.' }] });
    const input = ['List the files.', ...first.output, { type: 'function_call_output', call_id: 'toolu_ls', output: 'a.txt\nb.txt' }];
    const history = [{ role: 'user', content: input[0] }, ...input.slice(1)] as OpenAI.Responses.ResponseInput;
    const second = await client.responses.create({ ...request, input: history });
    expect(second.output_text).toBe('Two files.');
    expect(anthropicAssistantBlocks()).toContainEqual({ type: 'thinking', thinking: 'I should list the files.', signature: 'sig-claude-1' });

    // Another Claude model never gets that signature: the reasoning item is left out for it.
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'text', text: 'Still two files.' }] });
    await client.responses.create({ ...request, model: 'claude-opus-4-5', input: history });
    expect(JSON.stringify(lastUpstreamBody(gateway.simulator, 'anthropic'))).not.toContain('sig-claude-1');
  });

  it('keeps reasoning out of the output when encrypted_content is not included, and shows no summary unless asked', async () => {
    gateway.simulator.deepseek.enqueueReply({ kind: 'text', text: 'Done.', reasoning: 'Thinking it over.' });
    const response = await client.responses.create({ model: 'deepseek-v4-pro', input: 'Go' });
    expect(response.output.find((item) => item.type === 'reasoning')).toEqual({ id: expect.stringMatching(/^rs_/), type: 'reasoning', summary: [] });
  });
});

describe.each(['anthropic', 'google', 'deepseek'] as const)('a custom (freeform) tool on a %s model', (family) => {
  const model = { anthropic: 'claude-sonnet-4-5', google: 'gemini-3.8-flash', deepseek: 'deepseek-v4-pro' }[family];
  const patch = '*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch';

  it('travels as a function with one string argument and comes back as a custom_tool_call item', async () => {
    if (family === 'anthropic') gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'tool_use', id: 'toolu_patch', name: 'apply_patch', input: { input: patch } }] });
    else if (family === 'google') gateway.simulator.google.enqueueReply({ parts: [{ functionCall: { id: 'toolu_patch', name: 'apply_patch', args: { input: patch } } }] });
    else gateway.simulator.deepseek.enqueueReply({ kind: 'tool_calls', calls: [{ id: 'toolu_patch', name: 'apply_patch', arguments: JSON.stringify({ input: patch }) }] });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    const stream = client.responses.stream({ model, input: 'Add hello.txt', tools: [APPLY_PATCH], include: ['reasoning.encrypted_content'], store: false });
    for await (const event of stream) events.push(event);
    const first = await stream.finalResponse();
    const call = first.output.find((item) => item.type === 'custom_tool_call');
    expect(call).toMatchObject({ type: 'custom_tool_call', call_id: 'toolu_patch', name: 'apply_patch', input: patch, id: expect.stringMatching(/^ctc_/) });
    expect(events.filter((event) => event.type === 'response.custom_tool_call_input.done')).toEqual([expect.objectContaining({ input: patch, item_id: call!.id })]);
    const upstream = JSON.stringify(lastUpstreamBody(gateway.simulator, family));
    expect(upstream).toContain('apply_patch');
    expect(upstream).toContain('Begin Patch'); // the grammar, in the argument's description

    if (family === 'anthropic') gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'text', text: 'Patched.' }] });
    else if (family === 'google') gateway.simulator.google.enqueueReply({ parts: [{ text: 'Patched.' }] });
    else gateway.simulator.deepseek.enqueueReply({ kind: 'text', text: 'Patched.' });
    const second = await client.responses.create({
      model,
      tools: [APPLY_PATCH],
      include: ['reasoning.encrypted_content'],
      store: false,
      input: [{ role: 'user', content: 'Add hello.txt' }, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: 'custom_tool_call_output', call_id: 'toolu_patch', output: 'Done!' }],
    });
    expect(second.output_text).toBe('Patched.');
    const sent = JSON.stringify(lastUpstreamBody(gateway.simulator, family));
    expect(sent).toContain('Done!');
    expect(sent).toContain('Add File: hello.txt'); // the call itself, replayed as the function's argument
  });
});

describe('switching the conversation to an OpenAI model', () => {
  it('never sends it what the gateway minted: bridged reasoning is left out, a bridged compaction arrives as its summary', async () => {
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'Plan the answer.', signature: 'sig-claude-2' }, { type: 'text', text: 'Planned.' }] });
    const first = await client.responses.create({ model: 'claude-sonnet-4-5', input: 'Plan it.', reasoning: { effort: 'low' }, include: ['reasoning.encrypted_content'], store: false });
    expect(first.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'text', text: 'SUMMARY: a plan was made.' }] });
    const compacted = await client.responses.compact({ model: 'claude-sonnet-4-5', input: [{ role: 'user', content: 'Plan it.' }, ...(first.output as OpenAI.Responses.ResponseInputItem[])] });

    const gpt = 'gpt-4.1-mini';
    const second = await client.responses.create({ model: gpt, store: false, input: [{ role: 'user', content: 'Plan it.' }, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { role: 'user', content: 'Go on.' }] });
    expect(second.status).toBe('completed');
    const sent = gateway.simulator.openai.requests.at(-1)!.body as { input: Array<Record<string, unknown>> };
    expect(sent.input.map((item) => item.type ?? item.role)).toEqual(['user', 'message', 'user']);
    expect(JSON.stringify(sent)).not.toContain('modelgate.');

    await client.responses.create({ model: gpt, store: false, input: [...(compacted.output as OpenAI.Responses.ResponseInputItem[]), { role: 'user', content: 'Go on.' }] });
    const afterCompaction = gateway.simulator.openai.requests.at(-1)!.body as { input: Array<Record<string, unknown>> };
    expect(afterCompaction.input).toContainEqual({ type: 'message', role: 'user', content: [{ type: 'input_text', text: expect.stringContaining('SUMMARY: a plan was made.') }] });
    expect(JSON.stringify(afterCompaction)).not.toContain('modelgate.');
  });
});
