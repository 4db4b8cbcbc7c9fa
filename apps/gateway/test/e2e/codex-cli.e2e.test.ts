import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { runCodex, type CodexRun } from '../support/run-codex.js';
import { startTestGateway, TEST_SERVICE_KEY, type TestGateway } from '../support/test-gateway.js';

interface ResponsesBody {
  model: string;
  stream: boolean;
  input: Array<Record<string, unknown>>;
  tools: Array<Record<string, unknown>>;
}

const CODEX_TIMEOUT_MS = 90_000;

function describeRun(run: CodexRun): string {
  return `codex exited ${run.exitCode}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr.slice(-4000)}`;
}

// The real Codex CLI (pinned @openai/codex, whose native binary ships in the npm package), offline,
// against the gateway in front of the OpenAI simulator. PROTOCOLS C.5-C.7 describe what it sends.
describe('Codex CLI through the gateway', () => {
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway({ server: { host: '127.0.0.1', port: 0, bodyLimitBytes: 4 * 1024 * 1024, shutdownGraceMs: 5_000 } });
  });
  beforeEach(() => harness.simulator.reset());
  afterAll(() => harness.close());

  function responsesBodies(): ResponsesBody[] {
    return harness.simulator.requests.filter((request) => request.path === '/v1/responses').map((request) => request.body as ResponsesBody);
  }

  it(
    'runs a shell tool call the model asks for and sends its output back (custom provider)',
    async () => {
      harness.simulator.enqueueResponsesReply({
        kind: 'completed',
        items: [
          { type: 'reasoning', summary: 'I should run the command.' },
          { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: 'echo modelgate-tool-ok' }), callId: 'call_shell_1' },
        ],
      });
      harness.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'message', text: 'The command printed modelgate-tool-ok.' }] });

      const run = await runCodex('Run `echo modelgate-tool-ok` and tell me what it printed.', {
        baseUrl: harness.baseUrl,
        model: 'gpt-test',
        providerName: 'Modelgate',
        apiKey: TEST_SERVICE_KEY,
      });

      expect({ exitCode: run.exitCode, log: run.exitCode === 0 ? '' : describeRun(run) }).toEqual({ exitCode: 0, log: '' });
      const bodies = responsesBodies();
      expect(bodies).toHaveLength(2);
      expect(bodies.every((body) => body.stream === true && body.model === 'gpt-4.1-mini')).toBe(true);
      expect(bodies[0]!.tools.map((tool) => tool.name)).toContain('exec_command');
      // The second request replays the call (with Codex's own extra fields) and carries its output.
      expect(bodies[1]!.input).toContainEqual(expect.objectContaining({ type: 'function_call', call_id: 'call_shell_1', name: 'exec_command' }));
      const output = bodies[1]!.input.find((item) => item.type === 'function_call_output' && item.call_id === 'call_shell_1');
      expect(JSON.stringify(output)).toContain('modelgate-tool-ok');
      const messages = run.events.filter((event) => event.type === 'item.completed').map((event) => event.item as { type: string; text?: string });
      expect(messages).toContainEqual(expect.objectContaining({ type: 'agent_message', text: 'The command printed modelgate-tool-ok.' }));
      expect(run.events.at(-1)).toMatchObject({ type: 'turn.completed' });
    },
    CODEX_TIMEOUT_MS,
  );

  it(
    'compacts remotely in-band when the provider is named OpenAI, and sends the compaction item back',
    async () => {
      // The model calls a tool and reports more tokens than the auto-compact limit, so before sampling
      // again in the same turn Codex compacts (a compaction_trigger request, which takes no scripted reply).
      harness.simulator.enqueueResponsesReply({
        kind: 'completed',
        items: [{ type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: 'echo first-step' }), callId: 'call_shell_2' }],
        usage: { promptTokens: 50_000, completionTokens: 100 },
      });
      harness.simulator.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'message', text: 'All done.' }] });

      const run = await runCodex('Do the task in two steps.', {
        baseUrl: harness.baseUrl,
        model: 'gpt-test',
        providerName: 'OpenAI',
        apiKey: TEST_SERVICE_KEY,
        extraSettings: ['model_context_window = 200000', 'model_auto_compact_token_limit = 20000'],
      });

      const bodies = responsesBodies();
      const log = `${describeRun(run)}\nrequests: ${JSON.stringify(bodies.map((body) => body.input.map((item) => item.type ?? item.role)))}`;
      const triggerIndex = bodies.findIndex((body) => body.input.at(-1)?.type === 'compaction_trigger');
      expect({ found: triggerIndex >= 0, log: triggerIndex >= 0 ? '' : log }).toEqual({ found: true, log: '' });

      // The simulator answered the trigger with exactly one compaction item (provider-openai's
      // simulator tests prove the stream shape); the request after it starts from the compacted
      // history carrying that item.
      const compactions = bodies.slice(triggerIndex + 1).flatMap((body) => body.input.filter((item) => item.type === 'compaction'));
      expect({ carried: compactions.length > 0, log: compactions.length > 0 ? '' : log }).toEqual({ carried: true, log: '' });
      expect(bodies.filter((body) => body.input.at(-1)?.type === 'compaction_trigger')).toHaveLength(1);
      const next = bodies[triggerIndex + 1]!;
      expect(next.input.filter((item) => item.type === 'compaction')).toEqual([
        { type: 'compaction', id: expect.stringMatching(/^cmp_/), encrypted_content: expect.stringMatching(/^gAAAAA-sim-compaction-/) },
      ]);
      expect(run.exitCode).toBe(0);
    },
    CODEX_TIMEOUT_MS,
  );

  it(
    'falls back to HTTP after one refused WebSocket upgrade with the built-in OpenAI provider',
    async () => {
      // This run's log lines only: the other tests' runs log into the same gateway.
      const firstLine = harness.logs.length;
      const run = await runCodex('Say hi', { baseUrl: harness.baseUrl, model: 'gpt-test', providerName: 'built-in', apiKey: TEST_SERVICE_KEY });
      expect({ exitCode: run.exitCode, log: run.exitCode === 0 ? '' : describeRun(run) }).toEqual({ exitCode: 0, log: '' });
      const requestLines = harness.logs
        .slice(firstLine)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'request' && line.path === '/v1/responses' && (line.durationMs as number) >= 0);
      const attempts = requestLines.filter((line) => line.method === 'GET');
      // One 426 instead of seven failed attempts over ~6.5 s (PROTOCOLS C.7), then the HTTP + SSE turn:
      // counted, not timed, so a busy machine cannot fail it and a retry loop cannot pass it.
      expect(attempts.map((line) => line.status)).toEqual([426]);
      expect(responsesBodies()).toHaveLength(1);
      expect(run.events).toContainEqual({ type: 'item.completed', item: expect.objectContaining({ type: 'agent_message', text: 'Echo: Say hi' }) });
    },
    CODEX_TIMEOUT_MS,
  );
});
