import { randomToken } from '@modelgate/testkit';

/**
 * The thinking the simulator handed out: each signature with the exact text it signed, and each
 * redacted blob. Anthropic rejects a thinking block whose signature it did not issue for that very
 * text (`Invalid \`signature\` in \`thinking\` block`), so replayed history is checked against this.
 */
export class ThinkingLedger {
  private readonly signed = new Map<string, string>();
  private readonly redacted = new Set<string>();

  /** A fresh signature for `thinking`, or the scripted one, remembered as issued for that text. */
  sign(thinking: string, scripted?: string): string {
    const signature = scripted ?? `Eq${randomToken(40)}`;
    this.signed.set(signature, thinking);
    return signature;
  }

  /** A fresh opaque blob for a redacted thinking block, or the scripted one, remembered. */
  redact(scripted?: string): string {
    const data = scripted ?? `EmwK${randomToken(48)}`;
    this.redacted.add(data);
    return data;
  }

  verifies(thinking: unknown, signature: unknown): boolean {
    return typeof signature === 'string' && this.signed.get(signature) === thinking;
  }

  knowsRedacted(data: unknown): boolean {
    return typeof data === 'string' && this.redacted.has(data);
  }
}
