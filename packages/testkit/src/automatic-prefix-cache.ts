import { createHash } from 'node:crypto';

/** One part of a prompt, in order: what it says (any text that identifies it) and its tokens. */
export interface PromptSegment {
  readonly text: string;
  readonly tokens: number;
}

export interface AutomaticPrefixCacheOptions {
  /** A shorter prefix is never cached (OpenAI and Gemini: 1,024 tokens). */
  readonly minimumTokens: number;
  /** Cached tokens are counted in these steps above the minimum (OpenAI: 128; DeepSeek: 64). */
  readonly incrementTokens: number;
  /** How long a prefix stays cached after its last use. */
  readonly ttlMs: number;
  readonly now?: () => number;
}

/**
 * A vendor's automatic prompt cache, for simulators (OpenAI, Gemini's implicit caching,
 * DeepSeek): every request leaves its prefixes (at each segment's end) in the cache, and a later
 * request with the same scope (model, tools) reads the longest one it starts with, rounded down to
 * the vendor's steps. No breakpoints, no write charge: reads are all a client is told of.
 */
export class AutomaticPrefixCache {
  readonly #expiries = new Map<string, number>();
  readonly #now: () => number;

  constructor(private readonly options: AutomaticPrefixCacheOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** The tokens this request reads from the cache; its own prefixes are cached from now on. */
  account(scope: string, segments: readonly PromptSegment[]): number {
    const now = this.#now();
    const hash = createHash('sha256').update(scope);
    let tokens = 0;
    let read = 0;
    for (const segment of segments) {
      hash.update(`\n${segment.text}`);
      tokens += segment.tokens;
      const digest = hash.copy().digest('hex');
      if ((this.#expiries.get(digest) ?? 0) > now) read = tokens;
      if (tokens >= this.options.minimumTokens) this.#expiries.set(digest, now + this.options.ttlMs);
    }
    if (read < this.options.minimumTokens) return 0;
    const { minimumTokens, incrementTokens } = this.options;
    return minimumTokens + Math.floor((read - minimumTokens) / incrementTokens) * incrementTokens;
  }
}
