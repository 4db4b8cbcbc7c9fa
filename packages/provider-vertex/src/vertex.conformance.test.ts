import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChatConformance } from '@modelgate/conformance';
import { readAnthropicRequest, toAnthropicReply } from '@modelgate/provider-anthropic/testing';
import { errorScriptFault } from '@modelgate/testkit';
import vertexPlugin from './index.js';
import { startVertexSimulator } from './testing/index.js';

const MODEL = 'claude-haiku-4-5@20251001';

// The shared suite through the suite's own pipeline host, against the Vertex simulator (a token
// from the service-account grant on every instance, Claude behind rawPredict).
runChatConformance({
  name: '@modelgate/provider-vertex',
  provider: { plugin: vertexPlugin },
  model: MODEL,
  async startUpstream() {
    const simulator = await startVertexSimulator({ project: 'test-project', models: { [MODEL]: 'claude-haiku-4-5' } });
    const keyFile = join(mkdtempSync(join(tmpdir(), 'vertex-conformance-')), 'key.json');
    writeFileSync(keyFile, JSON.stringify(simulator.serviceAccount.keyFile), { mode: 0o600 });
    return {
      settings: { project: 'test-project', endpoint: simulator.url, keyFile },
      script(script) {
        if (script.kind === 'error') simulator.enqueueFault(errorScriptFault(script));
        else simulator.enqueueReply(toAnthropicReply(script));
      },
      received: () => readAnthropicRequest(simulator.requests.findLast((request) => request.path.includes(':rawPredict') || request.path.includes(':streamRawPredict'))),
      close: () => simulator.close(),
    };
  },
});
