const INVALID_ID_CHARACTERS = /[^a-zA-Z0-9_-]/g;

/**
 * Tool-call ids for one request, as Anthropic accepts them (`[a-zA-Z0-9_-]`). The mapping is
 * injective: two ids that sanitise alike (`call.1`, `call_1`) get different ids, and so do calls of
 * different assistant turns that reuse an id (some clients number calls per turn), since a `tool`
 * message answers the calls of the latest assistant turn. Ids that need no change keep their
 * spelling, so the ids Anthropic minted come back as they were.
 */
export class AnthropicToolIds {
  private readonly taken = new Set<string>();
  private turn = new Map<string, string>();

  /** Ids for the `tool_calls` of a new assistant turn, in order. */
  openTurn(ids: readonly string[]): string[] {
    this.turn = new Map();
    return ids.map((id) => {
      const mapped = this.unique(id.replace(INVALID_ID_CHARACTERS, '_'));
      if (!this.turn.has(id)) this.turn.set(id, mapped);
      return mapped;
    });
  }

  /** The id a `tool` message's `tool_call_id` refers to: its call in the latest turn, or a fresh one (which will fail the pairing check). */
  resultId(toolCallId: string): string {
    return this.turn.get(toolCallId) ?? this.unique(toolCallId.replace(INVALID_ID_CHARACTERS, '_'));
  }

  private unique(candidate: string): string {
    let id = candidate;
    for (let suffix = 2; this.taken.has(id); suffix++) id = `${candidate}_${suffix}`;
    this.taken.add(id);
    return id;
  }
}
