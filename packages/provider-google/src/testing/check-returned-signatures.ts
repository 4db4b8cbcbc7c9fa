import { isRecord } from '@modelgate/testkit';
import type { IssuedSignature } from './google-simulator-signatures.js';

type Part = Record<string, unknown>;

export interface ReturnedSignatures {
  /** Issued signatures found exactly where they were put. */
  readonly inPlace: IssuedSignature[];
  /** Issued signatures whose part is in the request's history but does not carry them (or carries another). */
  readonly lost: IssuedSignature[];
}

function modelParts(body: unknown): Part[][] {
  const contents = isRecord(body) && Array.isArray(body.contents) ? (body.contents as Array<{ role?: unknown; parts?: unknown }>) : [];
  return contents.filter((content) => content.role === 'model' && Array.isArray(content.parts)).map((content) => content.parts as Part[]);
}

function callIdOf(part: Part | undefined): unknown {
  return isRecord(part?.functionCall) ? part.functionCall.id : undefined;
}

/** The part an issued signature belongs on, when the request's history holds it. */
function anchorPart(issued: IssuedSignature, steps: readonly Part[][]): { part: Part | undefined } | undefined {
  const anchor = issued.anchor;
  for (const parts of steps) {
    if (anchor.on === 'answer') {
      const text = parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
      if (text === anchor.text) return { part: parts.at(-1) };
      continue;
    }
    const call = parts.findIndex((part) => callIdOf(part) === anchor.callId);
    if (call < 0) continue;
    if (anchor.on === 'call') return { part: parts[call] };
    return { part: parts.slice(0, call).find((part) => part.text === '' && part.thoughtSignature === issued.signature) };
  }
  return undefined;
}

/**
 * Of the signatures the simulator issued, those whose answer a request replays: which came back
 * exactly on the part Gemini put them on (PROTOCOLS E.7: "return every signature exactly as
 * received, on the part that carried it"), and which were lost or moved.
 */
export function checkReturnedSignatures(issued: readonly IssuedSignature[], body: unknown): ReturnedSignatures {
  const steps = modelParts(body);
  const inPlace: IssuedSignature[] = [];
  const lost: IssuedSignature[] = [];
  for (const signature of issued) {
    const found = anchorPart(signature, steps);
    if (found === undefined) continue;
    (found.part?.thoughtSignature === signature.signature ? inPlace : lost).push(signature);
  }
  return { inPlace, lost };
}
