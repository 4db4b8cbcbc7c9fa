/**
 * A closed stdout or stderr (a log shipper that restarted, `| head`, a terminal gone: EPIPE, EIO)
 * must neither crash the gateway nor keep it alive: what it would have printed is lost, nothing else.
 */
export function tolerateClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => {});
  }
}
