import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Writes, waits until the bytes are handed to the socket, then yields one turn of the event loop.
 * Waiting guarantees that a later `destroy()` cannot discard data the test expects to see; the turn
 * lets a client in the same process read each event before the next one is sent, so events arrive
 * as separate TCP reads. Also settles when the write fails (the socket is gone): the caller checks
 * its abort signal next.
 */
export async function flushWrite(response: ServerResponse, text: string): Promise<void> {
  await new Promise<void>((resolve) => {
    response.write(text, () => resolve());
  });
  await nextTurn();
}
