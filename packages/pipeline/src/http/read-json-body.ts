import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createZstdDecompress } from 'node:zlib';
import { GatewayError, invalidRequest } from '@modelgate/core';
import { DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth } from './check-json-depth.js';
import { readStreamBytes, StreamLimitExceeded } from './read-stream-bytes.js';

const DECODERS: Readonly<Record<string, () => Readable & NodeJS.WritableStream>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
  zstd: createZstdDecompress,
};

function payloadTooLarge(limit: number): GatewayError {
  return new GatewayError({
    status: 413,
    message: `The request body is larger than the limit of ${limit} bytes.`,
    code: 'request_too_large',
  });
}

function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const mediaType = header.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

/**
 * Reads a JSON request body: checks the media type (415), decodes gzip, deflate, br or zstd, and
 * enforces the size limit on the decoded bytes as they arrive, so a decompression bomb is cut off
 * at the limit (413) instead of filling memory, and bounds the nesting depth (400).
 */
export async function readJsonBody(request: IncomingMessage, limit: number, maxDepth = DEFAULT_MAX_JSON_DEPTH): Promise<unknown> {
  return (await readJsonRequest(request, limit, maxDepth)).value;
}

/** A JSON body as parsed, with the text it was parsed from (after decompression). */
export interface JsonBody {
  readonly value: unknown;
  /** The exact text, so a pass-through can send the client's bytes with only `model` replaced. */
  readonly text?: string;
}

/** readJsonBody, keeping the text too. */
export async function readJsonRequest(request: IncomingMessage, limit: number, maxDepth = DEFAULT_MAX_JSON_DEPTH): Promise<JsonBody> {
  if (!isJsonContentType(request.headers['content-type'])) {
    throw new GatewayError({
      status: 415,
      message: "Unsupported Content-Type: send the body as JSON with 'Content-Type: application/json'.",
      code: 'unsupported_media_type',
    });
  }
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const declaredLength = Number(request.headers['content-length']);
  if (encoding === 'identity' && Number.isFinite(declaredLength) && declaredLength > limit) {
    request.resume();
    throw payloadTooLarge(limit);
  }
  let source: Readable = request;
  if (encoding !== 'identity') {
    const createDecoder = DECODERS[encoding];
    if (!createDecoder) {
      request.resume();
      throw new GatewayError({
        status: 415,
        message: `Unsupported Content-Encoding '${encoding}': use gzip, deflate, br or zstd.`,
        code: 'unsupported_content_encoding',
      });
    }
    const decoder = createDecoder();
    request.on('error', (error) => decoder.destroy(error));
    source = request.pipe(decoder) as unknown as Readable;
  }
  let text: string;
  try {
    text = (await readStreamBytes(source, limit)).toString('utf8');
  } catch (error) {
    if (error instanceof StreamLimitExceeded) {
      request.resume();
      throw payloadTooLarge(limit);
    }
    throw invalidRequest(`The request body could not be decoded (${encoding}).`, null, 'invalid_body');
  }
  if (text.trim().length === 0) throw invalidRequest('The request body is empty; send a JSON object.', null, 'invalid_json');
  if (exceedsJsonDepth(text, maxDepth)) {
    throw invalidRequest(`The JSON body nests arrays and objects deeper than ${maxDepth} levels.`, null, 'json_too_deep');
  }
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch (error) {
    throw invalidRequest(
      `We could not parse the JSON body of your request: ${(error as Error).message}`,
      null,
      'invalid_json',
    );
  }
}
