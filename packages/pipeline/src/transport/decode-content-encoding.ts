import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';

const ZSTD_DECODER = (zlib as { createZstdDecompress?: () => Transform }).createZstdDecompress;
const DECODABLE = new Set(['gzip', 'deflate', 'br', ...(ZSTD_DECODER ? ['zstd'] : [])]);

/** The codings asked of upstreams, as got asks for them (zstd only where Node is built with it). */
export const ACCEPT_ENCODING = ['gzip', 'deflate', 'br', ...(typeof process.versions.zstd === 'string' ? ['zstd'] : [])].join(', ');

/**
 * The codings to undo, in the order they were applied (RFC 9110 §8.4), or undefined when the body
 * is to be read as it is: no coding (or `identity`), a status without a body, or a coding the
 * gateway cannot undo (then the body is passed on undecoded, with its `content-encoding`).
 */
export function codingsToDecode(status: number, contentEncoding: string | undefined): string[] | undefined {
  if (!contentEncoding || (status >= 100 && status < 200) || status === 204 || status === 205 || status === 304) return undefined;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding.length > 0 && coding !== 'identity')
    .map((coding) => (coding === 'x-gzip' ? 'gzip' : coding));
  return codings.length > 0 && codings.every((coding) => DECODABLE.has(coding)) ? codings : undefined;
}

/** `body` decoded, last coding first; a failure anywhere (a corrupt body, an abort) ends the result with it. */
export function decodeContent(body: Readable, codings: readonly string[]): Readable {
  const decoders = codings.toReversed().map((coding) => new CodingDecoder(coding));
  pipeline([body, ...decoders], () => undefined);
  return decoders.at(-1)!;
}

/**
 * Undoes one coding. The zlib stream is made on the first byte: `deflate` is sent raw by some
 * servers (told apart by that byte, as got does), and an empty body, which no decoder accepts,
 * stays an empty body.
 */
class CodingDecoder extends Transform {
  private decoder: Transform | undefined;

  constructor(private readonly coding: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.decoder ??= this.start(chunk);
    if (this.decoder.write(chunk)) callback();
    else this.decoder.once('drain', callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.decoder === undefined) callback();
    else this.decoder.once('end', () => callback()).end();
  }

  /** Output the reader has not taken pauses the decoder; reading resumes it. */
  override _read(size: number): void {
    this.decoder?.resume();
    super._read(size);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.decoder?.destroy();
    callback(error);
  }

  private start(first: Buffer): Transform {
    const decoder = createDecoder(this.coding, first);
    decoder.on('data', (data: Buffer) => {
      if (!this.push(data)) decoder.pause();
    });
    decoder.once('error', (error) => this.destroy(error));
    return decoder;
  }
}

function createDecoder(coding: string, first: Buffer): Transform {
  if (coding === 'br') return zlib.createBrotliDecompress();
  if (coding === 'zstd' && ZSTD_DECODER) return ZSTD_DECODER();
  // A zlib stream's first byte has 8 (deflate) as its method; raw deflate data has no header.
  if (coding === 'deflate' && first.length > 0 && (first[0]! & 0x08) === 0) return zlib.createInflateRaw();
  return zlib.createUnzip();
}
