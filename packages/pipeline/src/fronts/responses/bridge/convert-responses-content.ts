import { unsupportedParameter, type TextContentPart, type UserContentPart } from '@modelgate/core';

/** A content part of an input message or a tool output (`input_text`, `input_image`, `input_file`). */
type InputPart = Record<string, unknown> & { type?: unknown };

const IMAGE_DETAILS = ['auto', 'low', 'high'] as const;

function text(value: unknown, path: string): string {
  if (typeof value !== 'string') throw unsupportedParameter(path, `'${path}' must be a string.`);
  return value;
}

/**
 * One input part as the hub's (PROTOCOLS B.1 "Input content parts" → A.3). Files and images by
 * `file_id` name an OpenAI Files object no other family can read: refused, like hosted tools.
 */
export function convertInputPart(part: InputPart, path: string): UserContentPart {
  if (typeof part !== 'object' || part === null) throw unsupportedParameter(path, `'${path}' must be a content part object.`);
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: text(part.text, `${path}.text`) };
    case 'input_image': {
      if (typeof part.image_url !== 'string') throw unsupportedParameter(`${path}.file_id`, 'An image from the OpenAI Files API cannot be sent to this model; send it as image_url (a URL or a data URL).');
      // 'original' (no downscaling) has no chat counterpart; 'high' is the closest detail the hub has.
      const detail = part.detail === 'original' ? 'high' : IMAGE_DETAILS.find((value) => value === part.detail);
      return { type: 'image_url', image_url: { url: part.image_url, ...(detail && { detail }) } };
    }
    case 'input_file': {
      if (typeof part.file_data !== 'string') throw unsupportedParameter(`${path}.file_data`, 'Only files sent inline (file_data, a data URL) can reach this model; file_id and file_url name OpenAI-hosted files.');
      return { type: 'file', file: { file_data: part.file_data, ...(typeof part.filename === 'string' && { filename: part.filename }) } };
    }
    default:
      throw unsupportedParameter(`${path}.type`, `The content part type '${String(part.type)}' cannot be sent to this model.`);
  }
}

/** Content as the hub's parts: a string is one text part. */
export function convertInputContent(content: unknown, path: string): UserContentPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw unsupportedParameter(path, `'${path}' must be a string or an array of content parts.`);
  return content.map((part, index) => convertInputPart(part as InputPart, `${path}[${index}]`));
}

/** Text-only content (system and developer messages, assistant text). */
export function textOnly(parts: readonly UserContentPart[], path: string): TextContentPart[] {
  return parts.map((part, index) => {
    if (part.type !== 'text') throw unsupportedParameter(`${path}[${index}].type`, 'This message can hold text only.');
    return part;
  });
}

/**
 * A tool output (`function_call_output.output`, a string or parts) as a tool message's text, and
 * its images and files for a user turn after the tool messages: a hub `tool` message holds text only.
 */
export function splitToolOutput(output: unknown, path: string): { readonly text: TextContentPart[]; readonly media: UserContentPart[] } {
  const parts = convertInputContent(output ?? '', path);
  const textParts = parts.filter((part): part is TextContentPart => part.type === 'text');
  const media = parts.filter((part) => part.type !== 'text');
  if (textParts.length === 0) textParts.push({ type: 'text', text: media.length > 0 ? '(the result is the attached file)' : '' });
  return { text: textParts, media };
}
