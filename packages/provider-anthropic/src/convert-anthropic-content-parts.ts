import {
  invalidRequest,
  parseDataUrl,
  unsupportedParameter,
  type AnthropicContentBlockParam,
  type AnthropicTextBlockParam,
  type ImageContentPart,
  type TextContentPart,
  type UserContentPart,
} from '@modelgate/core';
import { cacheControlOf, checkKnownFields, type PartPolicy } from './anthropic-part-policy.js';
import { sniffImageMediaType } from './sniff-image-media-type.js';

const TEXT_FIELDS = new Set(['type', 'text', 'cache_control']);
const IMAGE_FIELDS = new Set(['type', 'image_url', 'cache_control']);
const IMAGE_URL_FIELDS = new Set(['url', 'detail']);
const FILE_FIELDS = new Set(['type', 'file', 'cache_control']);
const FILE_DETAIL_FIELDS = new Set(['file_data', 'file_id', 'filename']);

/** Anthropic rejects empty and whitespace-only text blocks, so they never leave the gateway. */
export function textBlocks(text: string | undefined, extra: Partial<AnthropicTextBlockParam> = {}): AnthropicTextBlockParam[] {
  return text === undefined || text.trim() === '' ? [] : [{ type: 'text', text, ...extra }];
}

/** A text part with its cache breakpoint; a part with fields Anthropic has no place for goes by the part policy. */
export function convertTextPart(part: TextContentPart, path: string, policy: PartPolicy): AnthropicTextBlockParam[] {
  checkKnownFields(part, TEXT_FIELDS, path, policy);
  return textBlocks(part.text, cacheControlOf(part, path));
}

/**
 * An image: a base64 data URL (sent with the media type its bytes really have, since Anthropic
 * rejects a mismatch and clients often label every image `image/png`) or an http(s) URL.
 * `detail` has no Anthropic counterpart and is dropped with a warning unless it is `auto`.
 */
function convertImagePart(part: ImageContentPart, path: string, policy: PartPolicy): AnthropicContentBlockParam[] {
  checkKnownFields(part, IMAGE_FIELDS, path, policy);
  checkKnownFields(part.image_url, IMAGE_URL_FIELDS, `${path}.image_url`, policy);
  if (part.image_url.detail !== undefined && part.image_url.detail !== 'auto') {
    policy.warn({ kind: 'dropped-parameter', parameter: `${path}.image_url.detail`, reason: 'Anthropic has no image detail setting; images are sent at their size' });
  }
  const cache = cacheControlOf(part, path);
  const url = part.image_url.url;
  const inline = parseDataUrl(url);
  if (inline) {
    const mediaType = sniffImageMediaType(inline.data);
    if (mediaType === undefined) {
      throw invalidRequest(`Anthropic accepts JPEG, PNG, GIF or WebP images; this ${inline.mediaType} data URL holds none of them.`, path, 'invalid_image_format');
    }
    return [{ type: 'image', source: { type: 'base64', media_type: mediaType, data: inline.data }, ...cache }];
  }
  if (/^https?:\/\//i.test(url)) return [{ type: 'image', source: { type: 'url', url }, ...cache }];
  throw invalidRequest('An image URL must be an http(s) URL or a base64 data URL.', path, 'invalid_image_url');
}

/** One part of a user message as Anthropic blocks (PROTOCOLS F.5). */
export function convertUserPart(part: UserContentPart, path: string, policy: PartPolicy): AnthropicContentBlockParam[] {
  switch (part.type) {
    case 'text':
      return convertTextPart(part, path, policy);
    case 'image_url':
      return convertImagePart(part, path, policy);
    case 'file': {
      checkKnownFields(part, FILE_FIELDS, path, policy);
      checkKnownFields(part.file, FILE_DETAIL_FIELDS, `${path}.file`, policy);
      const inline = part.file.file_data === undefined ? undefined : parseDataUrl(part.file.file_data);
      if (inline?.mediaType === 'application/pdf') {
        return [{ type: 'document', source: { type: 'base64', media_type: inline.mediaType, data: inline.data }, ...(part.file.filename ? { title: part.file.filename } : {}), ...cacheControlOf(part, path) }];
      }
      throw unsupportedParameter(path, 'Anthropic accepts files only as base64 PDF data URLs (file_data); file ids are not supported.');
    }
    case 'input_audio':
      throw unsupportedParameter(path, 'Anthropic does not accept audio input.');
  }
}
