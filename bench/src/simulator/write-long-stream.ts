import type { ServerResponse } from 'node:http';
import { FIRST_PIECE_PAUSE_MS, type LongStream } from './long-stream-bodies.js';

/** The pieces one per event-loop turn (waiting for `drain` when the socket is full), then the end; stops when the client has gone. */
function writePiecesOverTurns(response: ServerResponse, pieces: readonly Buffer[]): void {
  let next = 0;
  const writeNext = (): void => {
    if (response.destroyed) return;
    if (next === pieces.length) {
      response.end();
      return;
    }
    if (response.write(pieces[next++])) setImmediate(writeNext);
    else response.once('drain', writeNext);
  };
  writeNext();
}

/** The opening piece, a pause, then the rest in pieces (see long-stream-bodies). */
export function writeLongStream(response: ServerResponse, stream: LongStream): void {
  response.write(stream.firstPiece);
  setTimeout(() => writePiecesOverTurns(response, stream.pieces), FIRST_PIECE_PAUSE_MS);
}
