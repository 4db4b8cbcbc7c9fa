import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastBody, scriptText, scriptToolCalls, sentToolResults } from '../support/messages-front-scripts.js';
import { runClaudeCode, type ClaudeCodeOptions } from '../support/run-claude-code.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// Claude Code (the pinned @anthropic-ai/claude-code, headless with -p, offline: loopback only, no
// non-essential traffic) against the gateway, on a Claude, a GPT and a Gemini model id. Each
// simulator asks for a shell command; Claude Code runs it with its Bash tool and sends the output
// back, which must reach the simulator as the tool result of that call; then it prints the
// streamed answer.

const MARKER_COMMAND = 'echo modelgate-$((6*7))';
const MARKER_OUTPUT = 'modelgate-42';
const BASH_CALL = { id: 'call_bash_1', name: 'Bash', input: { command: MARKER_COMMAND, description: 'Print the marker' } };

let gateway: MessagesFrontGateway;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
});
afterAll(() => gateway.close());

function run(model: string, keyIn: ClaudeCodeOptions['keyIn']) {
  return runClaudeCode('Run the marker command and tell me what it printed.', { baseUrl: gateway.gateway.url, model, apiKey: TEST_SERVICE_KEY, keyIn, allowedTools: ['Bash'] });
}

describe('Claude Code through the gateway runs a tool round trip', () => {
  it('on a Claude model (passed through, key in x-api-key)', async () => {
    const { anthropic } = gateway.simulator;
    anthropic.reset();
    anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'I will run it.' }, { type: 'tool_use', id: 'toolu_bash_1', name: BASH_CALL.name, input: BASH_CALL.input }] });
    anthropic.enqueueReply({ content: [{ type: 'thinking', thinking: 'It printed the marker.' }, { type: 'text', text: 'The command printed the marker.' }] });
    const result = await run(MESSAGES_TEST_MODELS.anthropic, 'x-api-key');
    expect({ exitCode: result.exitCode, isError: result.result?.is_error, text: result.result?.result }).toEqual({ exitCode: 0, isError: false, text: 'The command printed the marker.' });
    const second = anthropic.requests.at(-1)!.body as { stream?: boolean; messages: Array<{ role: string; content: unknown }> };
    expect(second.stream).toBe(true);
    const results = (second.messages.at(-1)!.content as Array<{ type: string; tool_use_id?: string; content?: unknown }>).filter((block) => block.type === 'tool_result');
    expect(results).toEqual([expect.objectContaining({ tool_use_id: 'toolu_bash_1', content: expect.stringContaining(MARKER_OUTPUT) })]);
  }, 120_000);

  it.each([
    ['a GPT', 'openai'],
    ['a Gemini', 'google'],
  ] as const)('on %s model (bridged, key as Bearer)', async (_name, family) => {
    const simulator = gateway.simulator[family];
    simulator.reset();
    scriptToolCalls(gateway.simulator, family, [BASH_CALL]);
    scriptText(gateway.simulator, family, 'The command printed the marker.');
    const result = await run(MESSAGES_TEST_MODELS[family], 'bearer');
    expect({ exitCode: result.exitCode, isError: result.result?.is_error, text: result.result?.result }).toEqual({ exitCode: 0, isError: false, text: 'The command printed the marker.' });
    const results = sentToolResults(gateway.simulator, family);
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results[0]!.content)).toContain(MARKER_OUTPUT);
    if (family === 'openai') expect(lastBody(gateway.simulator, family)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    else {
      expect(simulator.requests.at(-1)!.path).toMatch(/:streamGenerateContent$/);
      // The thought signature Gemini put on the call came back on it, through Claude Code's history.
      const returned = checkReturnedSignatures(gateway.simulator.google.issuedSignatures, lastBody(gateway.simulator, 'google'));
      expect({ inPlace: returned.inPlace.length, lost: returned.lost }).toEqual({ inPlace: 1, lost: [] });
    }
  }, 120_000);
});
