import { SKIP_THOUGHT_SIGNATURE } from './place-skip-signatures.js';

/**
 * Every thought signature the gateway hands out carries who issued it (PROTOCOLS E.7):
 * `mg-gemini-1:<issuer>:<Google's signature>`, the issuer being `<upstream model>@<endpoint id>`
 * (GoogleUpstreamEndpoint.signatureIssuer). Google's signatures are base64 and issuers have no `:`,
 * so the tag cannot be mistaken for a signature nor split wrongly. Gemini answers 400 "Corrupted
 * thought signature" to a signature another model or endpoint issued (after a fallback, a retry on
 * another deployment, or a client that switched models); the tag lets the gateway send Google's
 * placeholder instead. Documented in the README ("Thought signature tags") for other packages that
 * must tell a Gemini signature apart.
 */
export const GOOGLE_SIGNATURE_TAG = 'mg-gemini-1:';

/** A signature as the client gets it: tagged with its issuer. */
export function tagSignature(signature: string, issuer: string): string {
  return `${GOOGLE_SIGNATURE_TAG}${issuer}:${signature}`;
}

/** The issuer and Google's signature of a tagged one, or undefined for an untagged one. */
export function readSignatureTag(sent: string): { readonly issuer: string; readonly signature: string } | undefined {
  if (!sent.startsWith(GOOGLE_SIGNATURE_TAG)) return undefined;
  const rest = sent.slice(GOOGLE_SIGNATURE_TAG.length);
  const at = rest.indexOf(':');
  return at > 0 && at < rest.length - 1 ? { issuer: rest.slice(0, at), signature: rest.slice(at + 1) } : undefined;
}

/**
 * What goes to Google for a signature the client sent back, for a request `issuer` answers:
 * Google's own signature when that issuer minted it; none when another did (`foreign`). An untagged
 * signature (from before the tags, or minted elsewhere) goes as it is: the gateway cannot tell.
 */
export function untagSignature(sent: string, issuer: string): { readonly signature?: string; readonly foreign: boolean } {
  const tag = readSignatureTag(sent);
  if (tag === undefined) return { signature: sent, foreign: false };
  return tag.issuer === issuer ? { signature: tag.signature, foreign: false } : { foreign: true };
}

/** A call's signature for `issuer`: its own, Google's placeholder for another issuer's, or none. */
export function callSignatureFor(sent: string | undefined, issuer: string): string | undefined {
  if (sent === undefined) return undefined;
  const { signature, foreign } = untagSignature(sent, issuer);
  return foreign ? SKIP_THOUGHT_SIGNATURE : signature;
}
