import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import type { GatewayConfigInput } from '../../src/config/gateway-config.js';
import { eventually } from '../support/eventually.js';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastBody, scriptText, scriptToolCalls, sentToolResults } from '../support/messages-front-scripts.js';
import { startInteractiveClaudeCode, type InteractiveClaudeCode } from '../support/run-claude-code-interactive.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// Claude Code's interactive mode (the pinned @anthropic-ai/claude-code on a pseudo-terminal, auto
// mode on, offline), one conversation through the gateway: Gemini → Claude → DeepSeek → Claude,
// a tool round trip on each, every turn answered. Interactive mode sends fields the
// gateway does not know (`safeguards`) on every turn. The first turn is asked of a Claude model id
// while Anthropic is overloaded, so the gateway's fallback, Gemini, answers it: Claude Code keeps
// that answer's thinking blocks (the gateway's carriers) in its history under the same model id,
// and Claude, whose simulator refuses signatures Anthropic did not issue, must answer the next turn.

const CLAUDE = 'claude-house';
const FALLING_BACK: Partial<GatewayConfigInput> = {
  models: [
    { id: CLAUDE, provider: 'anthropic', upstreamModel: 'claude-opus-4-6', fallbacks: [{ model: MESSAGES_TEST_MODELS.google, on: ['overloaded'] }] },
    { id: MESSAGES_TEST_MODELS.google, provider: 'google' },
    { id: MESSAGES_TEST_MODELS.deepseek, provider: 'deepseek' },
  ],
  resilience: { retry: { maxAttempts: 1 } },
};

let gateway: MessagesFrontGateway;
let claudeCode: InteractiveClaudeCode;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway(FALLING_BACK);
  claudeCode = await startInteractiveClaudeCode({ baseUrl: gateway.gateway.url, model: CLAUDE, apiKey: TEST_SERVICE_KEY, keyIn: 'bearer', allowedTools: ['Bash'] });
}, 60_000);
afterAll(async () => {
  await claudeCode.close();
  await gateway.close();
});

/** The gateway's request lines for /v1/messages (written once each answer ended), in order. */
function messagesRequests(): Array<{ status: number; model: string }> {
  return gateway.logs
    .map((line) => JSON.parse(line) as { msg?: string; path?: string; status: number; model: string })
    .filter((line) => line.msg === 'request' && line.path === '/v1/messages');
}

const bash = (turn: number) => ({ id: `call_bash_${turn}`, name: 'Bash', input: { command: `echo turn-${turn}-$((6*7))`, description: 'Print the marker' } });

const answered = () => messagesRequests().filter((request) => request.status === 200).length;

/** Sends the turn's prompt and waits until the gateway has answered its two requests (the call, the answer). */
async function runTurn(turn: number): Promise<void> {
  const before = answered();
  await claudeCode.submit(`Run the marker command of turn ${turn}.`);
  await eventually(() => answered() >= before + 2, 60_000, `turn ${turn}'s answers`);
  await claudeCode.waitForIdle();
}

/** Anthropic requests (after the first turn's two, refused as overloaded) holding a `role: system` message. */
function claudeRequestsWithSystemMessages(): number {
  return gateway.simulator.anthropic.requests
    .slice(2)
    .filter((request) => (request.body as { messages: Array<{ role: string }> }).messages.some((message) => message.role === 'system')).length;
}

/** `/model <id>`: Claude Code checks the model (one small request), then asks to confirm the switch. */
async function switchModel(model: string): Promise<void> {
  const before = messagesRequests().length;
  await claudeCode.submit(`/model ${model}`);
  await eventually(() => messagesRequests().length > before, 60_000, 'the model check');
  claudeCode.pressEnter();
  await claudeCode.waitForModel(model);
  await claudeCode.waitForIdle();
}

function scriptClaudeTurn(turn: number): void {
  gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: `Turn ${turn}.` }, { type: 'tool_use', id: `toolu_bash_${turn}`, name: 'Bash', input: bash(turn).input }] });
  gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'Done.' }, { type: 'text', text: `Turn ${turn} printed its marker.` }] });
}

function claudeHistory(): string {
  return JSON.stringify(gateway.simulator.anthropic.requests.at(-1)!.body);
}

it('runs Gemini (a fallback) → Claude → DeepSeek → Claude in one interactive conversation, every turn answered', async () => {
  // Turn 0: Anthropic is overloaded for both requests of the turn; Gemini answers them.
  gateway.simulator.anthropic.enqueueFault({ type: 'status', status: 529 });
  gateway.simulator.anthropic.enqueueFault({ type: 'status', status: 529 });
  gateway.simulator.google.enqueueReply({ parts: [{ text: 'Running it.', thought: true }, { functionCall: { id: bash(0).id, name: 'Bash', args: bash(0).input } }] });
  scriptText(gateway.simulator, 'google', 'Turn 0 printed its marker.');
  await runTurn(0);
  expect(JSON.stringify(sentToolResults(gateway.simulator, 'google'))).toContain('turn-0-42');
  const returned = checkReturnedSignatures(gateway.simulator.google.issuedSignatures, lastBody(gateway.simulator, 'google'));
  expect({ inPlace: returned.inPlace.length, lost: returned.lost }).toEqual({ inPlace: 1, lost: [] });
  expect(lastBody(gateway.simulator, 'google')).not.toHaveProperty('safeguards');

  // Turn 1: Anthropic is back, under the same model id; Claude gets no carrier of Gemini's turn.
  scriptClaudeTurn(1);
  await runTurn(1);
  expect(claudeHistory()).toContain('turn-0-42');
  expect(claudeHistory()).toContain('turn-1-42');
  expect(claudeHistory()).not.toContain('modelgate.1.');

  // Turn 2: DeepSeek.
  await switchModel(MESSAGES_TEST_MODELS.deepseek);
  scriptToolCalls(gateway.simulator, 'deepseek', [bash(2)]);
  scriptText(gateway.simulator, 'deepseek', 'Turn 2 printed its marker.');
  await runTurn(2);
  expect(JSON.stringify(sentToolResults(gateway.simulator, 'deepseek'))).toContain('turn-2-42');

  // Turn 3: Claude again.
  await switchModel(CLAUDE);
  scriptClaudeTurn(3);
  await runTurn(3);
  expect(claudeHistory()).toContain('turn-3-42');
  expect(claudeHistory()).not.toContain('modelgate.1.');

  // Claude Code sends `role: system` messages to a model id it does not know; Anthropic refuses
  // them on this model (only Opus 4.8 takes them), and Claude Code sends the request again without:
  // those are the only refusals, and none is the gateway's.
  const requests = messagesRequests();
  const refused = requests.filter((request) => request.status !== 200);
  expect(refused.every((request) => request.model === CLAUDE)).toBe(true);
  expect(refused).toHaveLength(claudeRequestsWithSystemMessages());
  expect(gateway.simulator.google.requests).toHaveLength(2);
}, 240_000);
