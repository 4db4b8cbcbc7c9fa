import type { GoogleContent, GooglePart } from '@modelgate/core';
import { isCarrier } from '../shared/reasoning-carrier.js';

function carriesGatewaySignature(content: GoogleContent): boolean {
  return Array.isArray(content.parts) && content.parts.some((part) => isCarrier(part.thoughtSignature));
}

function withoutSignature(part: GooglePart): GooglePart {
  if (!isCarrier(part.thoughtSignature)) return part;
  const { thoughtSignature: _carrier, ...rest } = part;
  return rest;
}

/**
 * The body without the `thoughtSignature`s the gateway minted when another family answered earlier
 * turns (a model switch in Gemini CLI, a fallback): Gemini checks signatures and answers 400
 * ("Corrupted thought signature") for one it did not issue. The provider puts Google's placeholder
 * where Gemini 3 needs a signature on the current turn. The body is returned as it is when nothing
 * needs removing.
 */
export function withoutGatewaySignatures(body: Record<string, unknown>): Record<string, unknown> {
  const contents = body.contents as GoogleContent[] | undefined;
  if (!Array.isArray(contents) || !contents.some(carriesGatewaySignature)) return body;
  return { ...body, contents: contents.map((content) => (carriesGatewaySignature(content) ? { ...content, parts: content.parts.map(withoutSignature) } : content)) };
}
