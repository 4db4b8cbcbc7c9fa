import { invalidRequest, parseDataUrl, unsupportedParameter, type UserContentPart, type GooglePart } from '@modelgate/core';

/** URLs the Gemini API knows without a MIME type: its Files API and YouTube (PROTOCOLS F.5). */
const GOOGLE_HOSTED_URL = /^https:\/\/(generativelanguage\.googleapis\.com\/[^?#]*\/files\/|(www\.)?youtube\.com\/watch|youtu\.be\/)/i;

/** Image types by file extension, for URLs Gemini fetches itself. */
const IMAGE_MIME_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', heic: 'image/heic', heif: 'image/heif',
};

/** The image type an HTTPS URL's path names, else `image/*` (the gateway does not fetch the URL to look). */
function imageMimeType(url: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return (extension && IMAGE_MIME_TYPES[extension]) ?? 'image/*';
}

const AUDIO_MIME_TYPES: Readonly<Record<string, string>> = { wav: 'audio/wav', mp3: 'audio/mp3' };

function imagePart(url: string, path: string): GooglePart {
  const inline = parseDataUrl(url);
  if (inline) return { inlineData: { mimeType: inline.mediaType, data: inline.data } };
  if (GOOGLE_HOSTED_URL.test(url)) return { fileData: { fileUri: url } };
  // Since 2026-01-12 the Gemini API fetches public and pre-signed HTTPS URLs itself (F.5).
  if (/^https:\/\//i.test(url) && URL.canParse(url)) return { fileData: { fileUri: url, mimeType: imageMimeType(url) } };
  throw invalidRequest('Gemini fetches only HTTPS image URLs: send an https:// URL or the image as a base64 data URL.', path, 'invalid_image_url');
}

/**
 * One user content part as Gemini parts (PROTOCOLS F.5): text (empty text dropped); images as
 * `inlineData` from data URLs, `fileData` for Files API and YouTube URLs, and `fileData` with a
 * MIME type (from the extension, else `image/*`) for any other HTTPS URL; audio and data-URL files
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
