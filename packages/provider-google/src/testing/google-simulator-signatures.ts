import { randomToken } from '@modelgate/testkit';

/** Google's placeholder for a lost signature, which the validator accepts (PROTOCOLS E.7). */
export const SKIP_SIGNATURE_SENTINELS: ReadonlySet<string> = new Set(['skip_thought_signature_validator', 'context_engineering_is_the_way_to_go']);

const MARK = 'gsim1';

/** Where a signature was issued, so a later request can be checked for it in the same place. */
export type SignatureAnchor =
  /** On the `functionCall` part with this id (the first call of a step). */
  | { readonly on: 'call'; readonly callId: string }
  /** On the last part of an answer without calls, whose text this is. */
  | { readonly on: 'answer'; readonly text: string }
  /** On an empty text part of its own before the call with this id. */
  | { readonly on: 'separate-part'; readonly callId: string };

export interface IssuedSignature {
  readonly signature: string;
  readonly model: string;
  readonly anchor: SignatureAnchor;
}

/** An opaque-looking signature (base64, as Google's) that says which model issued it, so another model can refuse it. */
export function mintSignature(model: string): string {
  return Buffer.from(`${MARK}:${model}:${randomToken(16)}`).toString('base64');
}

/** The model a signature was issued for, or undefined when it is none the simulator minted. */
export function signatureModel(signature: string): string | undefined {
  const decoded = Buffer.from(signature, 'base64').toString('utf8').split(':');
  return decoded[0] === MARK && decoded.length === 3 ? decoded[1] : undefined;
}
