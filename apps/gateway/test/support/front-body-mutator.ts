import { SeededChoices } from './seeded-choices.js';

/**
 * Mutated request bodies for one front: a valid body of the front's dialect, then a few random
 * edits anywhere in its tree (a member deleted, replaced by an odd value, or added), with model ids
 * chosen to hurt (huge, non-Latin-1, control characters, spreadsheet formulas, another instance).
 */
export class FrontBodyMutator extends SeededChoices {
  constructor(
    random: () => number,
    private readonly models: readonly string[],
  ) {
    super(random);
  }

  /** One body: the valid one now and then, so the run also reaches the upstream. */
  next(valid: (model: string) => Record<string, unknown>): string {
    const body = valid(this.model());
    if (this.chance(0.25)) return JSON.stringify(body);
    for (let edits = this.integer(1, 3); edits > 0; edits--) this.edit(body);
    return JSON.stringify(body);
  }

  private model(): string {
    if (this.chance(0.6)) return this.pick(this.models);
    return this.pick([
      '', ' ', 'gpt-4o\u{1F600}', 'claude-\u00e9', 'gpt-4o\u0000', 'gpt 4o', `gpt-${'x'.repeat(this.integer(200, 5_000))}`, '=HYPERLINK("x")',
      'openai/gpt-4.1-mini', 'anthropic/claude-sonnet-4-5', 'nope/gpt-4o', '../../etc/passwd', '%00', 'gpt-4o\r\nx-injected: 1',
    ]);
  }

  /** Edits one member somewhere in the tree: delete it, replace it, or add one beside it. */
  private edit(root: Record<string, unknown>): void {
    let container: Record<string, unknown> | unknown[] = root;
    for (let depth = 0; depth < 4 && this.chance(0.6); depth++) {
      const children: Array<Record<string, unknown> | unknown[]> = Object.values(container).filter((value): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null);
      if (children.length === 0) break;
      container = this.pick(children);
    }
    const keys = Array.isArray(container) ? container.map((_, index) => String(index)) : Object.keys(container);
    const roll = this.random();
    if (roll < 0.3 && keys.length > 0 && !Array.isArray(container)) delete container[this.pick(keys)];
    else if (roll < 0.75 && keys.length > 0) (container as Record<string, unknown>)[this.pick(keys)] = this.value(2);
    else if (Array.isArray(container)) container.push(this.value(2));
    else container[this.pick(['model', 'stream', 'max_tokens', 'tools', 'type', 'content', 'role', 'previous_response_id', 'metadata', 'n', '__proto__', 'x'])] = this.value(2);
  }

  private value(depth: number): unknown {
    const roll = this.random();
    if (depth <= 0 || roll < 0.55) {
      return this.pick<unknown>([null, true, false, 0, -1, 1.5, 1e308, 2 ** 53 + 1, 128, '', 'text', '\u0000', '\ud800', '\u{1F600}', 'a'.repeat(300), 'resp_123', 'user']);
    }
    if (roll < 0.8) return Array.from({ length: this.integer(0, 3) }, () => this.value(depth - 1));
    return Object.fromEntries(Array.from({ length: this.integer(0, 3) }, (_, index) => [this.pick(['role', 'content', 'type', 'text', `k${index}`, '']), this.value(depth - 1)]));
  }
}
