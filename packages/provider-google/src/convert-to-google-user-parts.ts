import { invalidRequest, parseDataUrl, unsupportedParameter, type UserContentPart } from '@modelgate/core';
import type { GooglePart } from './google-generative-language-api-types.js';

/** URLs the Gemini API reads itself: its Files API and YouTube. It fetches no other URL (PROTOCOLS F.5). */
const FETCHABLE_URL = /^https:\/\/(generativelanguage\.googleapis\.com\/[^?#]*\/files\/|(www\.)?youtube\.com\/watch|youtu\.be\/)/i;

const AUDIO_MIME_TYPES: Readonly<Record<string, string>> = { wav: 'audio/wav', mp3: 'audio/mp3' };

function imagePart(url: string, path: string): GooglePart {
  const inline = parseDataUrl(url);
  if (inline) return { inlineData: { mimeType: inline.mediaType, data: inline.data } };
  if (FETCHABLE_URL.test(url)) return { fileData: { fileUri: url } };
  throw invalidRequest(
    'Gemini does not fetch image URLs: send the image as a base64 data URL (or a Gemini Files API or YouTube URL).',
    path,
    'invalid_image_url',
  );
}

/**
 * One user content part as Gemini parts (PROTOCOLS F.5): text (empty text dropped); images as
 * `inlineData` from data URLs or `fileData` for Files API and YouTube URLs; audio and data-URL files
 * as `inlineData`. `image_url.detail` has no Gemini field and is ignored.
 */
export function convertToGoogleUserParts(part: UserContentPart, path: string): GooglePart[] {
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [{ text: part.text }];
    case 'image_url':
      return [imagePart(part.image_url.url, path)];
    case 'input_audio':
      return [{ inlineData: { mimeType: AUDIO_MIME_TYPES[part.input_audio.format] ?? `audio/${part.input_audio.format}`, data: part.input_audio.data } }];
    case 'file': {
      const inline = part.file.file_data === undefined ? undefined : parseDataUrl(part.file.file_data);
      if (inline) return [{ inlineData: { mimeType: inline.mediaType, data: inline.data } }];
      throw unsupportedParameter(path, 'Gemini takes files only as base64 data URLs (file_data); file ids are not supported.');
    }
  }
}
