import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES_TEST_MODELS, startMessagesFrontGateway, type MessagesFrontGateway } from '../support/messages-front-gateway.js';
import { lastBody, scriptText } from '../support/messages-front-scripts.js';
import { waitForLogLine } from '../support/test-gateway.js';

// Messages fields the gateway does not know yet (clients add some with every release: Claude Code
// 2.1.328 sends `safeguards` in auto mode) do not break a bridged request: dropped, not sent to the
// other family, and logged as a warning naming the field (never its value). A field the gateway
// knows it cannot honour is still refused. (Claude gets the body as sent: the pass-through.)

let gateway: MessagesFrontGateway;
let client: Anthropic;

beforeAll(async () => {
  gateway = await startMessagesFrontGateway();
  client = gateway.client();
});
afterAll(() => gateway.close());

const SAFEGUARDS_VALUE = 'secret-classifier-setting-7f3a';
const withUnknownFields = (model: string) =>
  ({ model, max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }], safeguards: { mode: SAFEGUARDS_VALUE }, future_hint: true }) as unknown as Anthropic.MessageCreateParamsNonStreaming;

describe('fields the gateway does not know on a bridged model', () => {
  it.each(['openai', 'google', 'deepseek'] as const)('%s: answered, the fields not sent upstream, a warning logged with the name only', async (family) => {
    gateway.simulator[family].reset();
    scriptText(gateway.simulator, family, 'Hi.');
    const message = await client.messages.create(withUnknownFields(MESSAGES_TEST_MODELS[family]));
    expect(message.content).toEqual([{ type: 'text', text: 'Hi.' }]);
    const sent = JSON.stringify(lastBody(gateway.simulator, family));
    expect(sent).not.toContain('safeguards');
    expect(sent).not.toContain('future_hint');
    const warning = await waitForLogLine(gateway.logs, (line) => (line.warning as { parameter?: string } | undefined)?.parameter === 'safeguards');
    expect(warning.warning).toMatchObject({ kind: 'dropped-parameter', parameter: 'safeguards' });
    expect(gateway.logs.join('\n')).not.toContain(SAFEGUARDS_VALUE);
  });

  it('a field known to change the answer is still refused, naming it', async () => {
    const topK = { model: MESSAGES_TEST_MODELS.google, max_tokens: 64, top_k: 5, messages: [{ role: 'user', content: 'Hello' }] } as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const refused = await client.messages.create(topK).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, error: { error: { type: 'invalid_request_error', message: expect.stringContaining("'top_k' cannot be honoured") } } });
  });
});
