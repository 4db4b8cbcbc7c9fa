import { sha256 } from '../auth/hash-key.js';

/** The streams reading a key needs (run-cli's CliIo extends it). */
export interface KeyPromptIo {
  readonly stderr: { write(text: string): unknown };
  readonly stdin?: AsyncIterable<string | Buffer> & { isTTY?: boolean };
}

/** `sha256:<hex>`, the form `keys[].keyHash` and `admin.tokenHash` take. */
export function hashKeyForConfig(key: string): string {
  return `sha256:${sha256(key)}`;
}

/**
 * The key to hash: the argument, else stdin (`printf %s "$KEY" | modelgate keys hash`, which keeps
 * it out of the shell history and `ps`). Surrounding whitespace is dropped, a line end
 * included: a key sent as a bearer token cannot contain any.
 */
export async function readKeyToHash(argument: string | undefined, io: KeyPromptIo): Promise<string> {
  let text = argument;
  if (text === undefined) {
    if (!io.stdin) throw new Error('keys hash needs a key: give it as an argument or on stdin');
    if (io.stdin.isTTY) io.stderr.write('Type the key, then Enter and Ctrl-D:\n');
    text = '';
    for await (const chunk of io.stdin) text += String(chunk);
  }
  const key = text.trim();
  if (key === '') throw new Error('keys hash got an empty key');
  if (/\s/.test(key)) throw new Error('keys hash got a key containing whitespace, which no Authorization header can carry');
  return key;
}
