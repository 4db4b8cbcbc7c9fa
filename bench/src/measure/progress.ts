/** A progress line on stderr (the tables go to stdout). */
export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
