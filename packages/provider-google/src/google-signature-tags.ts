import { SKIP_THOUGHT_SIGNATURE } from './place-skip-signatures.js';

/**
 * Every thought signature the gateway hands out carries the model that issued it (PROTOCOLS E.7):
 * `mg-gemini-1:<upstream model>:<Google's signature>`. Google's signatures are base64 and model ids
 * have no `:`, so the tag cannot be mistaken for a signature nor split wrongly. Gemini answers 400
 * "Corrupted thought signature" to another model's signature (after a fallback, a retry on another
 * deployment, or a client that switched models); the tag lets the gateway send Google's placeholder
 * instead. Documented in the README ("Thought signature tags") for other packages that must tell a
 * Gemini signature apart.
 */
export const GOOGLE_SIGNATURE_TAG = 'mg-gemini-1:';

/** A signature as the client gets it: tagged with the model that issued it. */
export function tagSignature(signature: string, model: string): string {
  return `${GOOGLE_SIGNATURE_TAG}${model}:${signature}`;
}

/** The issuing model and Google's signature of a tagged one, or undefined for an untagged one. */
export function readSignatureTag(sent: string): { readonly model: string; readonly signature: string } | undefined {
  if (!sent.startsWith(GOOGLE_SIGNATURE_TAG)) return undefined;
  const rest = sent.slice(GOOGLE_SIGNATURE_TAG.length);
  const at = rest.indexOf(':');
  return at > 0 && at < rest.length - 1 ? { model: rest.slice(0, at), signature: rest.slice(at + 1) } : undefined;
}

/**
 * What goes to Google for a signature the client sent back, for a request to `model`: Google's own
 * signature when this model issued it; `undefined` when another model did (`foreign`). An untagged
 * signature (from before the tags, or minted elsewhere) goes as it is: the gateway cannot tell.
 */
export function untagSignature(sent: string, model: string): { readonly signature?: string; readonly foreign: boolean } {
  const tag = readSignatureTag(sent);
  if (tag === undefined) return { signature: sent, foreign: false };
  return tag.model === model ? { signature: tag.signature, foreign: false } : { foreign: true };
}

/** A call's signature for `model`: its own, Google's placeholder for another model's, or none. */
export function callSignatureFor(sent: string | undefined, model: string): string | undefined {
  if (sent === undefined) return undefined;
  const { signature, foreign } = untagSignature(sent, model);
  return foreign ? SKIP_THOUGHT_SIGNATURE : signature;
}
