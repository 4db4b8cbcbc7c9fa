import { describe, expect, it } from '@jest/globals';
import { createBedrockEventStreamDecoder } from './bedrock-event-stream-decoder.js';
import { chunkMessage, exceptionMessage } from './testing/index.js';

async function decode(pieces: Uint8Array[]): Promise<string> {
  async function* body() {
    yield* pieces;
  }
  let text = '';
  for await (const piece of createBedrockEventStreamDecoder().decode(body())) text += piece;
  return text;
}

const START = '{"type":"message_start","message":{"id":"msg_1"}}';
const STOP = '{"type":"message_stop"}';

describe("the decoder of Bedrock's event stream", () => {
  it('turns chunk events into Anthropic SSE, whatever the pieces the bytes arrive in', async () => {
    const bytes = Buffer.concat([chunkMessage(START), chunkMessage(STOP)]);
    const oneByOne = [...bytes].map((byte) => Uint8Array.of(byte));
    const expected = `event: message_start\ndata: ${START}\n\nevent: message_stop\ndata: ${STOP}\n\n`;
    expect(await decode([bytes])).toBe(expected);
    expect(await decode(oneByOne)).toBe(expected);
  });

  it("turns a stream exception into Anthropic's error event", async () => {
    const text = await decode([chunkMessage(START), exceptionMessage('throttlingException', 'Too many tokens, please wait before trying again.')]);
    expect(text).toContain('event: error\ndata: {"type":"error","error":{"type":"rate_limit_error","message":"Too many tokens, please wait before trying again."}}');
  });

  it('refuses a message whose CRC does not match, and a stream cut inside a message', async () => {
    const corrupted = chunkMessage(START);
    corrupted.writeUInt8(corrupted.readUInt8(corrupted.length - 10) ^ 0xff, corrupted.length - 10);
    await expect(decode([corrupted])).rejects.toMatchObject({ status: 502, code: 'upstream_protocol_error' });
    await expect(decode([chunkMessage(START).subarray(0, 30)])).rejects.toMatchObject({ status: 502, code: 'upstream_protocol_error' });
  });
});
