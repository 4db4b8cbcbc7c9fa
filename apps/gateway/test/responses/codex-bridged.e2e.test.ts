import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { checkReturnedSignatures } from '@modelgate/provider-google/testing';
import { startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { BRIDGED_RESPONSES_MODELS, lastUpstreamBody, scriptAnswer, scriptCall, upstreamToolResults, type BridgedResponsesFamily } from '../support/responses-bridge-scripts.js';
import { runCodex, type CodexRun } from '../support/run-codex.js';
import { TEST_SERVICE_KEY } from '../support/test-gateway.js';

// The pinned Codex CLI (offline, loopback) on a Claude, a Gemini and a DeepSeek model id through the
// Responses bridge (`responses.otherFamilies: bridge`): a shell tool round trip, and an in-band
// compaction (provider named OpenAI) that the gateway answers with its own summary. Codex's
// hosted web search and its multi-agent namespace tool run only on OpenAI, so they are turned off
// in its config, as docs/codex-cli.md says.

const CODEX_TIMEOUT_MS = 90_000;
const BRIDGE_SETTINGS = { extraSettings: ['web_search = "disabled"'], extraFeatures: ['multi_agent = false'] };

let gateway: MessagesFrontGateway;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway({ responses: { otherFamilies: 'bridge' } });
});
afterAll(() => gateway.close());
beforeEach(() => {
  for (const simulator of [gateway.simulator.anthropic, gateway.simulator.google, gateway.simulator.deepseek]) simulator.reset();
});

function describeRun(run: CodexRun): string {
  return `codex exited ${run.exitCode}\nstdout:\n${run.stdout.slice(-4000)}\nstderr:\n${run.stderr.slice(-4000)}`;
}

const agentMessages = (run: CodexRun) => run.events.filter((event) => event.type === 'item.completed').map((event) => event.item as { type: string; text?: string });

/** Scripts an answer that reports more tokens than the auto-compact limit, so Codex compacts before it samples again. */
function scriptBigCall(family: BridgedResponsesFamily, call: { id: string; name: string; input: Record<string, unknown> }): void {
  if (family === 'anthropic') gateway.simulator.anthropic.enqueueReply({ content: [{ type: 'tool_use', ...call }], usage: { inputTokens: 50_000, outputTokens: 100 } });
  else if (family === 'google') gateway.simulator.google.enqueueReply({ parts: [{ functionCall: { id: call.id, name: call.name, args: call.input } }], usage: { promptTokenCount: 50_000, candidatesTokenCount: 100 } });
  else gateway.simulator.deepseek.enqueueReply({ kind: 'tool_calls', calls: [{ id: call.id, name: call.name, arguments: JSON.stringify(call.input) }], usage: { promptTokens: 50_000, completionTokens: 100 } });
}

describe.each(['anthropic', 'google', 'deepseek'] as const)('Codex CLI on a %s model through the Responses bridge', (family) => {
  const model = BRIDGED_RESPONSES_MODELS[family];

  it(
    'runs a shell tool call the model asks for and sends its output back',
    async () => {
      scriptCall(gateway.simulator, family, { id: 'call_shell_1', name: 'exec_command', input: { cmd: 'echo modelgate-tool-ok' } });
      scriptAnswer(gateway.simulator, family, 'The command printed modelgate-tool-ok.');
      const run = await runCodex('Run `echo modelgate-tool-ok` and tell me what it printed.', { baseUrl: `${gateway.gateway.url}/v1`, model, providerName: 'Modelgate', apiKey: TEST_SERVICE_KEY, ...BRIDGE_SETTINGS });

      expect({ exitCode: run.exitCode, log: run.exitCode === 0 ? '' : describeRun(run) }).toEqual({ exitCode: 0, log: '' });
      expect(gateway.simulator[family].requests).toHaveLength(2);
      const results = upstreamToolResults(gateway.simulator, family);
      expect(results).toHaveLength(1);
      expect(JSON.stringify(results[0]!.content)).toContain('modelgate-tool-ok');
      expect(JSON.stringify(lastUpstreamBody(gateway.simulator, family))).toContain('exec_command');
      expect(agentMessages(run)).toContainEqual(expect.objectContaining({ type: 'agent_message', text: 'The command printed modelgate-tool-ok.' }));
      expect(run.events.at(-1)).toMatchObject({ type: 'turn.completed' });
      // What the vendor needs back came back through Codex's reasoning items (encrypted_content):
      // Gemini's thought signature on its call, DeepSeek's reasoning on its tool-call turn.
      if (family === 'google') {
        const returned = checkReturnedSignatures(gateway.simulator.google.issuedSignatures, lastUpstreamBody(gateway.simulator, 'google'));
        expect({ inPlace: returned.inPlace.length > 0, lost: returned.lost }).toEqual({ inPlace: true, lost: [] });
      }
      if (family === 'deepseek') {
        const messages = lastUpstreamBody(gateway.simulator, 'deepseek').messages as Array<{ role: string; tool_calls?: unknown[]; reasoning_content?: string }>;
        const turn = messages.find((message) => message.role === 'assistant' && message.tool_calls);
        expect(turn?.reasoning_content).toMatch(/^The user wrote: /);
      }
    },
    CODEX_TIMEOUT_MS,
  );

  it(
    'applies a patch the model sends through the shell (Codex runs apply_patch itself) and reports it back',
    async () => {
      const patch = "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: hello.txt\n+hello from the bridge\n*** End Patch\nEOF\n";
      scriptCall(gateway.simulator, family, { id: 'call_patch_1', name: 'exec_command', input: { cmd: patch } });
      scriptAnswer(gateway.simulator, family, 'Added hello.txt.');
      const run = await runCodex('Create hello.txt.', { baseUrl: `${gateway.gateway.url}/v1`, model, providerName: 'Modelgate', apiKey: TEST_SERVICE_KEY, ...BRIDGE_SETTINGS });

      expect({ exitCode: run.exitCode, log: run.exitCode === 0 ? '' : describeRun(run) }).toEqual({ exitCode: 0, log: '' });
      const results = upstreamToolResults(gateway.simulator, family);
      expect(results).toHaveLength(1);
      expect(JSON.stringify(results[0]!.content)).toMatch(/A hello\.txt/);
      expect(run.events).toContainEqual({ type: 'item.completed', item: expect.objectContaining({ type: 'file_change', changes: [expect.objectContaining({ path: expect.stringMatching(/hello\.txt$/), kind: 'add' })] }) });
    },
    CODEX_TIMEOUT_MS,
  );

  it(
    'compacts in-band (provider named OpenAI): the gateway answers the trigger with its summary, which comes back as a user message',
    async () => {
      scriptBigCall(family, { id: 'call_shell_2', name: 'exec_command', input: { cmd: 'echo first-step' } });
      scriptAnswer(gateway.simulator, family, 'SUMMARY: ran echo first-step; nothing else remains.');
      scriptAnswer(gateway.simulator, family, 'All done.');
      const run = await runCodex('Do the task in two steps.', {
        baseUrl: `${gateway.gateway.url}/v1`,
        model,
        providerName: 'OpenAI',
        apiKey: TEST_SERVICE_KEY,
        extraSettings: [...BRIDGE_SETTINGS.extraSettings, 'model_context_window = 200000', 'model_auto_compact_token_limit = 20000'],
        extraFeatures: BRIDGE_SETTINGS.extraFeatures,
      });

      expect({ exitCode: run.exitCode, log: run.exitCode === 0 ? '' : describeRun(run) }).toEqual({ exitCode: 0, log: '' });
      const bodies = gateway.simulator[family].requests.map((request) => JSON.stringify(request.body));
      // The summarising turn asked for the hand-off summary; the turn after it starts from that summary.
      const summarising = bodies.findIndex((body) => body.includes('hand-off summary'));
      expect(summarising).toBeGreaterThan(0);
      expect(bodies.slice(summarising + 1).some((body) => body.includes('SUMMARY: ran echo first-step'))).toBe(true);
      expect(agentMessages(run)).toContainEqual(expect.objectContaining({ type: 'agent_message', text: 'All done.' }));
    },
    CODEX_TIMEOUT_MS,
  );

  it(
    'compacts locally (provider not named OpenAI): its own summarising request is an ordinary bridged turn',
    async () => {
      scriptBigCall(family, { id: 'call_shell_3', name: 'exec_command', input: { cmd: 'echo first-step' } });
      scriptAnswer(gateway.simulator, family, 'LOCAL SUMMARY: ran echo first-step.');
      scriptAnswer(gateway.simulator, family, 'All done locally.');
      const run = await runCodex('Do the task in two steps.', {
        baseUrl: `${gateway.gateway.url}/v1`,
        model,
        providerName: 'Modelgate',
        apiKey: TEST_SERVICE_KEY,
        extraSettings: [...BRIDGE_SETTINGS.extraSettings, 'model_context_window = 200000', 'model_auto_compact_token_limit = 20000'],
        extraFeatures: BRIDGE_SETTINGS.extraFeatures,
      });

      expect({ exitCode: run.exitCode, log: run.exitCode === 0 ? '' : describeRun(run) }).toEqual({ exitCode: 0, log: '' });
      const bodies = gateway.simulator[family].requests.map((request) => JSON.stringify(request.body));
      // No gateway summary was asked for; Codex's own summary came back in the request after it.
      expect(bodies.some((body) => body.includes('hand-off summary for another instance of yourself'))).toBe(false);
      const summarised = bodies.findIndex((body) => body.includes('LOCAL SUMMARY: ran echo first-step.'));
      expect({ summarised: summarised > 0, log: summarised > 0 ? '' : describeRun(run) }).toEqual({ summarised: true, log: '' });
      expect(agentMessages(run)).toContainEqual(expect.objectContaining({ type: 'agent_message', text: 'All done locally.' }));
    },
    CODEX_TIMEOUT_MS,
  );
});
