import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway, type MessagesTestFamily } from '../support/messages-front-gateway.js';
import { lastBody, scriptText, scriptToolCalls } from '../support/messages-front-scripts.js';

// One conversation through /v1/messages that moves between families, as a `/model` switch or a
// fallback does: Gemini → Claude → DeepSeek → Claude, a tool round trip on each model, every turn
// answered. Claude must never get the thinking blocks the gateway minted for the other families
// (the Anthropic simulator, as Anthropic, answers 400 "Invalid `signature` in `thinking` block"),
// and Gemini must get its call signature back. The @anthropic-ai/sdk reads `content[0].text`.

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());
beforeEach(() => {
  for (const simulator of [gateway.simulator.anthropic, gateway.simulator.google, gateway.simulator.deepseek]) simulator.reset();
});

const NOTE = { name: 'read_note', description: 'Reads a note', input_schema: { type: 'object' as const, properties: { key: { type: 'string' } }, required: ['key'] } };
const SESSION: readonly MessagesTestFamily[] = ['google', 'anthropic', 'deepseek', 'anthropic'];

/** Scripts a tool call then a final answer on the family's simulator, thinking first on Claude when asked. */
function scriptTurn(family: MessagesTestFamily, turn: number, thinking: boolean): void {
  const call = { id: `call_note_${turn}`, name: 'read_note', input: { key: `k${turn}` } };
  if (family === 'anthropic') {
    const thought = thinking ? [{ type: 'thinking' as const, thinking: `Turn ${turn}: read it.` }] : [];
    gateway.simulator.anthropic.enqueueReply({ content: [...thought, { type: 'tool_use', id: `toolu_note_${turn}`, name: call.name, input: call.input }] });
    gateway.simulator.anthropic.enqueueReply({ content: [...thought, { type: 'text', text: `Answer ${turn}.` }] });
    return;
  }
  if (family === 'google') gateway.simulator.google.enqueueReply({ parts: [...(thinking ? [{ text: 'Reading the note.', thought: true }] : []), { functionCall: { id: call.id, name: call.name, args: call.input } }] });
  else scriptToolCalls(gateway.simulator, family, [call]);
  scriptText(gateway.simulator, family, `Answer ${turn}.`);
}

async function ask(params: Anthropic.MessageCreateParamsNonStreaming, stream: boolean): Promise<Anthropic.Message> {
  return stream ? client.messages.stream(params).finalMessage() : client.messages.create(params);
}

/** The conversation, each turn with a tool round trip; every answer must be 200 and end with the turn's text. */
async function runSession(options: { thinking?: Anthropic.ThinkingConfigParam; stream: boolean }): Promise<Anthropic.Message[]> {
  const messages: Anthropic.MessageParam[] = [];
  const finals: Anthropic.Message[] = [];
  for (const [turn, family] of SESSION.entries()) {
    scriptTurn(family, turn, options.thinking !== undefined);
    const params = { model: MESSAGES_TEST_MODELS[family], max_tokens: 4096, tools: [NOTE], ...(options.thinking && { thinking: options.thinking }) };
    messages.push({ role: 'user', content: `Read note ${turn}.` });
    const first = await ask({ ...params, messages }, options.stream);
    expect(first.stop_reason).toBe('tool_use');
    const toolUse = first.content.find((block) => block.type === 'tool_use')!;
    messages.push({ role: 'assistant', content: first.content });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: `note ${turn}` }] });
    const final = await ask({ ...params, messages }, options.stream);
    expect(final.content.find((block) => block.type === 'text')).toEqual(expect.objectContaining({ text: `Answer ${turn}.` }));
    messages.push({ role: 'assistant', content: final.content });
    finals.push(final);
    if (family === 'google') {
      const returned = checkReturnedSignatures(gateway.simulator.google.issuedSignatures, lastBody(gateway.simulator, 'google'));
      expect(returned.lost).toEqual([]);
    }
  }
  return finals;
}

/** Every thinking block Claude got, with its signature or data: none of them the gateway's. */
function thinkingSentToClaude(): string[] {
  return gateway.simulator.anthropic.requests.flatMap((request) =>
    (request.body as { messages: Array<{ content: unknown }> }).messages.flatMap((message) =>
      Array.isArray(message.content)
        ? (message.content as Array<{ type: string; signature?: string; data?: string }>).filter((block) => block.type.endsWith('thinking')).map((block) => block.signature ?? block.data ?? '')
        : [],
    ),
  );
}

describe('one conversation across Gemini, Claude and DeepSeek through /v1/messages', () => {
  it.each([false, true])('without thinking (stream: %s): every answer is 200 and content[0].text is the answer', async (stream) => {
    const finals = await runSession({ stream });
    expect(finals.map((message) => (message.content[0] as Anthropic.TextBlock).text)).toEqual(['Answer 0.', 'Answer 1.', 'Answer 2.', 'Answer 3.']);
    expect(gateway.simulator.anthropic.requests).toHaveLength(4);
    expect(thinkingSentToClaude().filter((value) => value.startsWith('modelgate.'))).toEqual([]);
  });

  it.each([false, true])('with thinking on, as Claude Code asks (stream: %s): Claude gets only its own thinking back', async (stream) => {
    await runSession({ stream, thinking: { type: 'enabled', budget_tokens: 2048 } });
    expect(gateway.simulator.anthropic.requests).toHaveLength(4);
    const sent = thinkingSentToClaude();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((value) => value.startsWith('modelgate.'))).toEqual([]);
    // DeepSeek got its reasoning of the tool loop back, from the gateway's carrier.
    const deepseekAssistant = (lastBody(gateway.simulator, 'deepseek').messages as Array<{ role: string; reasoning_content?: string }>).filter((message) => message.role === 'assistant');
    expect(deepseekAssistant.at(-1)?.reasoning_content).toBeTruthy();
  });
});
