import type { OpenAiProblem } from './openai-errors.js';
import { badRequest } from './request-problems.js';

// An image sent inline as a data URL, checked as OpenAI checks it. Chat Completions and the
// Responses API word the faults differently; what counts as one is shared. Stricter than OpenAI on
// one point: the format is judged by the declared media type, not by the bytes.

/** The media types of the formats OpenAI reads images in (`image/jpg` is taken for JPEG). */
const READABLE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp']);
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type ImageDataUrlFault =
  /** The media type is not an image one, e.g. `application/pdf`. */
  | { readonly kind: 'not-an-image-type'; readonly mimeType: string }
  /** `data:image/png;base64,` with nothing after the comma. */
  | { readonly kind: 'empty-base64' }
  /** Not base64 (wrong characters, missing padding, or no `;base64` at all). */
  | { readonly kind: 'invalid-base64' }
  /** An image type in none of the formats OpenAI reads (BMP, TIFF, SVG, …). */
  | { readonly kind: 'unsupported-image' };

/** What is wrong with an image URL that is a data URL; undefined when nothing is, or when it is a remote URL. */
export function findImageDataUrlFault(url: string): ImageDataUrlFault | undefined {
  if (!url.startsWith('data:')) return undefined;
  const [, mimeType = '', parameters = '', payload = ''] = DATA_URL.exec(url) ?? [];
  const type = mimeType.toLowerCase();
  if (!type.startsWith('image/')) return { kind: 'not-an-image-type', mimeType };
  if (!parameters.split(';').includes('base64')) return { kind: 'invalid-base64' };
  if (payload === '') return { kind: 'empty-base64' };
  if (!BASE64.test(payload)) return { kind: 'invalid-base64' };
  return READABLE_IMAGE_TYPES.has(type) ? undefined : { kind: 'unsupported-image' };
}

/** OpenAI's words, in both APIs, for an image it cannot read (earlier answers had `code: "sanitizer_server_error"`). */
export function unsupportedImage(): OpenAiProblem {
  return badRequest(
    "You uploaded an unsupported image. Please make sure your image is below 20 MB in size and is of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
    null,
    'image_parse_error',
  );
}

/**
 * "<opening> Expected a base64-encoded data URL with an image MIME type (e.g. …), but got <got>.":
 * OpenAI's refusal of an image URL at `param`, whose opening each API words its own way.
 */
export function expectedImageDataUrl(opening: string, param: string, got: string): OpenAiProblem {
  return badRequest(`${opening} Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got ${got}.`, param, 'invalid_value');
}
