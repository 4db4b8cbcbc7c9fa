import type { ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { DeepSeekKeepAlives } from './deepseek-reply.js';

/** Waits `ms`, or less when the client leaves. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return;
  await delay(ms, undefined, { signal }).catch(() => undefined);
}

/** DeepSeek's stream keep-alive: an SSE comment, which carries no event. */
export const DEEPSEEK_KEEP_ALIVE_COMMENT = ': keep-alive\n\n';

/** The stream's events, after the keep-alive comments DeepSeek writes while inference has not started. */
export async function* afterKeepAlives(events: Iterable<string>, keepAlives: DeepSeekKeepAlives | undefined, signal: AbortSignal): AsyncGenerator<string> {
  for (let sent = 0; sent < (keepAlives?.count ?? 0) && !signal.aborted; sent++) {
    await pause(keepAlives?.intervalMs ?? 0, signal);
    yield DEEPSEEK_KEEP_ALIVE_COMMENT;
  }
  yield* events;
}

/** A JSON answer after the blank lines DeepSeek writes ahead of a non-streamed body while it waits. */
export async function writeJsonAfterBlankLines(
  response: ServerResponse,
  body: unknown,
  keepAlives: DeepSeekKeepAlives,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<void> {
  response.writeHead(200, { 'content-type': 'application/json', ...headers });
  response.flushHeaders();
  for (let sent = 0; sent < keepAlives.count; sent++) {
    await pause(keepAlives.intervalMs ?? 0, signal);
    if (signal.aborted) return;
    response.write('\n');
  }
  response.end(JSON.stringify(body));
}
