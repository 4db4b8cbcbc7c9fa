import { decodeCarrier, encodeCarrier, type CarriedReasoning } from '../../shared/reasoning-carrier.js';

/**
 * What a bridged Responses answer carries in a reasoning item's `encrypted_content` (PROTOCOLS
 * F.12, F.13): the gateway's carrier (reasoning text, reasoning details, a tool call's vendor data,
 * or a compaction summary) tagged with the deployment that minted it. Clients send reasoning items
 * back unchanged; the next request restores them only for that same deployment, so a signature is
 * never sent to a model that did not mint it (another model, a fallback, another endpoint).
 */
export interface MintedReasoning extends CarriedReasoning {
  /** `<provider instance>/<upstream model>`: the deployment whose answer this came from. */
  readonly minter: string;
  /** A compaction summary the gateway wrote (remote compaction on a bridged model). */
  readonly summary?: string;
}

export function encodeMinted(minted: MintedReasoning): string {
  return encodeCarrier(minted);
}

/** What `value` carries when this gateway minted it: undefined when it did not (OpenAI's own blobs, anything else). */
export function decodeMinted(value: unknown): MintedReasoning | undefined {
  const carried = decodeCarrier(value) as Partial<MintedReasoning> | undefined;
  return carried && typeof carried.minter === 'string' ? (carried as MintedReasoning) : undefined;
}
