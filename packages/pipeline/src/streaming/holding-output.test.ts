import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { HoldingOutput } from './holding-output.js';

/** A client response whose socket is gone: every write and the end fail, as EPIPE does. */
function brokenResponse(): Writable {
  return new Writable({
    highWaterMark: 1,
    write: (_chunk, _encoding, callback) => callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })),
    final: (callback) => callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })),
  });
}

describe('HoldingOutput', () => {
  it('holds writes until released, then pours them into the response', async () => {
    const written: string[] = [];
    const response = new Writable({ write: (chunk: Buffer, _encoding, callback) => (written.push(chunk.toString()), callback()) });
    const output = new HoldingOutput(() => response);
    output.write('a');
    output.write('b');
    expect(written).toEqual([]);
    output.release();
    output.end('c');
    await once(output, 'finish');
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('ends without an error when the response fails its end because the client has gone', async () => {
    const response = brokenResponse();
    response.on('error', () => undefined);
    const output = new HoldingOutput(() => response);
    const errors: unknown[] = [];
    output.on('error', (error) => errors.push(error));
    output.release();
    output.end('data: [DONE]\n\n');
    await once(output, 'finish');
    expect(errors).toEqual([]);
  });

  it('does not wait forever for a response that closes instead of draining', async () => {
    const response = new Writable({ highWaterMark: 1, write: () => undefined });
    const output = new HoldingOutput(() => response);
    output.release();
    output.write('x');
    const drained = new Promise<void>((resolve) => output.write('y', () => resolve()));
    response.destroy();
    await drained;
  });
});
