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
});
