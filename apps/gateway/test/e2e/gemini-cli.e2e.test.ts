import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { runGeminiCli, type GeminiCliRun } from '../support/run-gemini-cli.js';
import { startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

const CLI_TIMEOUT_MS = 120_000;
const MARKER = 'modelgate-gemini-cli-marker-7f3a';

function describeRun(run: GeminiCliRun): string {
  return `gemini exited ${run.exitCode}\nstdout:\n${run.stdout.slice(-4000)}\nstderr:\n${run.stderr.slice(-4000)}`;
}

// The real Gemini CLI (pinned @google/gemini-cli), headless and offline, against the gateway's
// Gemini front: GOOGLE_GEMINI_BASE_URL is the gateway, GEMINI_API_KEY a gateway key. The model asks
// for `read_file`; the CLI runs it and sends the file's content back as a function response.
describe('Gemini CLI through the gateway', () => {
  let harness: MessagesFrontGateway;

  beforeAll(async () => {
    harness = await startMessagesFrontGateway();
  });
  afterAll(() => harness?.close());
  beforeEach(() => {
    harness.simulator.google.reset();
    harness.simulator.anthropic.reset();
  });

  it(
    'reads a file the Gemini model asks for and sends its content back',
    async () => {
      harness.simulator.google.enqueueReply({ parts: [{ functionCall: { id: 'call_read_1', name: 'read_file', args: { file_path: 'notes.txt' } } }] });
      harness.simulator.google.enqueueReply({ parts: [{ text: 'The file says the marker.' }] });
      const run = await runGeminiCli('Read notes.txt and tell me what it says.', { baseUrl: harness.gateway.url, apiKey: TEST_SERVICE_KEY, model: 'gemini-3.8-flash', files: { 'notes.txt': MARKER } });
      expect({ exitCode: run.exitCode, output: describeRun(run) }).toEqual({ exitCode: 0, output: expect.any(String) });
      const bodies = harness.simulator.google.requests.map((request) => JSON.stringify(request.body));
      expect(bodies.some((body) => body.includes(MARKER) && body.includes('functionResponse'))).toBe(true);
      expect(run.stdout).toContain('The file says the marker.');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'reads a file a Claude model asks for (bridged): the tool result reaches Anthropic bound to the call',
    async () => {
      harness.simulator.anthropic.enqueueReply({ content: [{ type: 'tool_use', id: 'toolu_read_1', name: 'read_file', input: { file_path: 'notes.txt' } }] });
      harness.simulator.anthropic.enqueueReply({ content: [{ type: 'text', text: 'Claude read the marker.' }] });
      const run = await runGeminiCli('Read notes.txt and tell me what it says.', { baseUrl: harness.gateway.url, apiKey: TEST_SERVICE_KEY, model: 'claude-sonnet-4-5', files: { 'notes.txt': MARKER } });
      expect({ exitCode: run.exitCode, output: describeRun(run) }).toEqual({ exitCode: 0, output: expect.any(String) });
      const blocks = harness.simulator.anthropic.requests.flatMap((request) => (request.body as { messages: Array<{ content: unknown }> }).messages.flatMap((message) => (Array.isArray(message.content) ? message.content : [])));
      expect(blocks).toContainEqual(expect.objectContaining({ type: 'tool_use', id: 'toolu_read_1', name: 'read_file', input: { file_path: 'notes.txt' } }));
      const result = blocks.find((block) => (block as { type?: string }).type === 'tool_result') as { tool_use_id: string; content: unknown } | undefined;
      expect(result?.tool_use_id).toBe('toolu_read_1');
      expect(JSON.stringify(result?.content)).toContain(MARKER);
      expect(run.stdout).toContain('Claude read the marker.');
    },
    CLI_TIMEOUT_MS,
  );
});
