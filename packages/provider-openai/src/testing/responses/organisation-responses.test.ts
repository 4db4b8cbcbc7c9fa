import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOpenAiSimulator, type OpenAiSimulator } from '../openai-simulator.js';

async function respond(simulator: OpenAiSimulator, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${simulator.url}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4.1', input: 'hi', ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('OpenAI simulator: one instance is one organisation', () => {
  let organisation: OpenAiSimulator;
  let other: OpenAiSimulator;
  beforeAll(async () => {
    organisation = await startOpenAiSimulator();
    other = await startOpenAiSimulator();
  });
  afterAll(async () => {
    await organisation.close();
    await other.close();
  });

  it('chains a response it stored, and refuses one another organisation stored or one not stored', async () => {
    const stored = (await respond(organisation, {})).body.id as string;
    expect((await respond(organisation, { previous_response_id: stored })).status).toBe(200);

    const elsewhere = await respond(other, { previous_response_id: stored });
    expect(elsewhere).toEqual({
      status: 400,
      body: { error: { message: `Previous response with id '${stored}' not found.`, type: 'invalid_request_error', param: 'previous_response_id', code: 'previous_response_not_found' } },
    });

    const unstored = (await respond(organisation, { store: false })).body.id as string;
    expect((await respond(organisation, { previous_response_id: unstored })).status).toBe(400);
  });

  it('reads only the blobs it minted: a reasoning or compaction blob from another organisation is 400 invalid_encrypted_content', async () => {
    const reasoning = (await respond(organisation, { include: ['reasoning.encrypted_content'], reasoning: { summary: 'auto' } })).body;
    organisation.enqueueResponsesReply({ kind: 'completed', items: [{ type: 'reasoning', summary: 'Think.' }, { type: 'message', text: 'Done.' }] });
    const output = (await respond(organisation, { include: ['reasoning.encrypted_content'], store: false })).body.output as Array<Record<string, unknown>>;
    const item = output.find((entry) => entry.type === 'reasoning')!;
    expect(reasoning.status).toBe('completed');
    const compacted = await fetch(`${organisation.url}/responses/compact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1', input: [{ role: 'user', content: 'long history' }] }),
    });
    const compaction = ((await compacted.json()) as { output: Array<Record<string, unknown>> }).output.at(-1)!;

    // Its own blobs, the compaction also as the legacy compaction_summary item.
    const own = [{ role: 'user', content: 'hi' }, item, { type: 'compaction_summary', encrypted_content: compaction.encrypted_content }, { role: 'user', content: 'go on' }];
    expect((await respond(organisation, { input: own, store: false })).status).toBe(200);

    expect(await respond(other, { input: [{ role: 'user', content: 'hi' }, item, { role: 'user', content: 'go on' }], store: false })).toEqual({
      status: 400,
      body: {
        error: {
          message: `The encrypted content for item ${item.id as string} could not be verified. Reason: Encrypted content could not be decrypted or parsed.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_encrypted_content',
        },
      },
    });
    expect((await respond(other, { input: [compaction, { role: 'user', content: 'go on' }] })).body).toMatchObject({ error: { code: 'invalid_encrypted_content' } });
  });
});
