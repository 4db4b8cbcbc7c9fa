import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type FourSimulators, type MessagesFrontGateway, type MessagesTestFamily } from '../support/messages-front-gateway.js';
import { lastBody, scriptText, scriptToolCalls, sentToolResults } from '../support/messages-front-scripts.js';
import { openClaudeCodeSession, runClaudeCode, type ClaudeCodeSession } from '../support/run-claude-code.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// One Claude Code conversation (the pinned @anthropic-ai/claude-code, headless, offline) that
// moves across families: Gemini → Claude → DeepSeek → Claude, resumed each time with `--resume`
// and another `--model`. Each model asks for a shell command, Claude Code runs it and sends the
// output back; every turn must answer, each model must get the whole conversation, Claude none of
// the gateway's carriers (its simulator refuses signatures Anthropic did not issue), and Gemini
// its own call signature back within its turn. (A resumed conversation reaches the models without
// earlier turns' thinking blocks, which Claude Code does not keep across runs.)

const SESSION: readonly MessagesTestFamily[] = ['google', 'anthropic', 'deepseek', 'anthropic'];

let gateway: MessagesFrontGateway;
let session: ClaudeCodeSession;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  session = await openClaudeCodeSession();
});
afterAll(async () => {
  await session.close();
  await gateway.close();
});

function simulators(): FourSimulators {
  return gateway.simulator;
}

function scriptTurn(family: MessagesTestFamily, turn: number): void {
  const bash = { id: `call_bash_${turn}`, name: 'Bash', input: { command: `echo turn-${turn}-$((6*7))`, description: 'Print the marker' } };
  if (family === 'anthropic') {
    simulators().anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: `Turn ${turn}.` }, { type: 'tool_use', id: `toolu_bash_${turn}`, name: 'Bash', input: bash.input }] });
    simulators().anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'Done.' }, { type: 'text', text: `Turn ${turn} printed its marker.` }] });
    return;
  }
  if (family === 'google') simulators().google.enqueueReply({ parts: [{ text: 'Running it.', thought: true }, { functionCall: { id: bash.id, name: 'Bash', args: bash.input } }] });
  else scriptToolCalls(simulators(), family, [bash]);
  scriptText(simulators(), family, `Turn ${turn} printed its marker.`);
}

/** The tool results the family's simulator got last, as text. */
function lastToolResults(family: MessagesTestFamily): string {
  if (family !== 'anthropic') return JSON.stringify(sentToolResults(simulators(), family));
  const body = simulators().anthropic.requests.at(-1)!.body as { messages: Array<{ content: unknown }> };
  return JSON.stringify(body.messages.at(-1)!.content);
}

it('a Claude Code conversation goes Gemini → Claude → DeepSeek → Claude, a tool round trip on each, every turn answered', async () => {
  for (const [turn, family] of SESSION.entries()) {
    scriptTurn(family, turn);
    const run = await runClaudeCode(`Run the marker command of turn ${turn}.`, { baseUrl: gateway.gateway.url, model: MESSAGES_TEST_MODELS[family], apiKey: TEST_SERVICE_KEY, keyIn: 'bearer', allowedTools: ['Bash'], session });
    expect({ turn, exitCode: run.exitCode, isError: run.result?.is_error, text: run.result?.result }).toEqual({ turn, exitCode: 0, isError: false, text: `Turn ${turn} printed its marker.` });
    expect(lastToolResults(family)).toContain(`turn-${turn}-42`);
    if (family === 'google') {
      const returned = checkReturnedSignatures(simulators().google.issuedSignatures, lastBody(simulators(), 'google'));
      expect({ inPlace: returned.inPlace.length, lost: returned.lost }).toEqual({ inPlace: 1, lost: [] });
    }
  }
  // The conversation was one: the last request to Claude held every earlier turn's output.
  const history = JSON.stringify(simulators().anthropic.requests.at(-1)!.body);
  for (const turn of [0, 1, 2, 3]) expect(history).toContain(`turn-${turn}-42`);
  expect(history).not.toContain('modelgate.1.');
  expect(simulators().anthropic.requests).toHaveLength(4);
}, 300_000);
