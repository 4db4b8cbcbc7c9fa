import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { InMemoryRateLimiter } from '../limits/in-memory-rate-limiter.js';
import { IpcRateLimiter } from './ipc-rate-limiter.js';
import { LimiterHost } from './limiter-host.js';

/** A worker's end and the primary's end of one channel, as cluster gives them (messages cross asynchronously). */
function connect(host: LimiterHost) {
  const worker = new EventEmitter();
  const primary = new EventEmitter();
  host.attach({
    on: (event: 'message' | 'exit', listener: (message: unknown) => void) => primary.on(event, listener),
    send: (message) => setImmediate(() => worker.emit('message', message)) !== undefined,
  });
  const limiter = new IpcRateLimiter((message) => setImmediate(() => primary.emit('message', message)) !== undefined, worker);
  return { limiter, exit: () => primary.emit('exit'), disconnect: () => worker.emit('disconnect') };
}

const request = (leaseId: string) => ({ keyId: 'k', leaseId, limits: { maxConcurrent: 1, rpm: 3 }, estimatedTokens: 0 });

describe('LimiterHost and IpcRateLimiter', () => {
  it('count one limit for every worker, and free the slots of a worker that exits', async () => {
    const host = new LimiterHost(new InMemoryRateLimiter());
    const first = connect(host);
    const second = connect(host);

    expect((await first.limiter.acquire(request('a'))).admitted).toBe(true);
    expect(await second.limiter.acquire(request('b'))).toMatchObject({ admitted: false, refusedBy: 'concurrency' });
    first.exit();
    expect((await second.limiter.acquire(request('c'))).admitted).toBe(true);
    await second.limiter.release('k', 'c');
    // One RPM window counts the admissions of both workers: a, c and now d.
    expect(await second.limiter.acquire(request('d'))).toMatchObject({ admitted: true, requests: { limit: 3, remaining: 0 } });
  });

  it('refuses rather than admits unlimited once the primary is gone', async () => {
    const { limiter, disconnect } = connect(new LimiterHost(new InMemoryRateLimiter()));
    const pending = limiter.acquire(request('a'));
    disconnect();
    await expect(pending).rejects.toThrow('the primary process is gone');
    const closed = new IpcRateLimiter(() => false, new EventEmitter());
    await expect(closed.acquire(request('b'))).rejects.toThrow('the primary process is gone');
  });
});
