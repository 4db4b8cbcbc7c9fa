import { createHash, type Hash } from 'node:crypto';
import { estimateTokens } from '@modelgate/testkit';

/** How long a written prefix lives, by the breakpoint's `ttl` (PROTOCOLS F.8; refreshed by each read). */
const TTL_MS = { '5m': 300_000, '1h': 3_600_000 } as const;
/** Anthropic looks for an earlier cached prefix at most this many blocks before a breakpoint. */
const LOOKBACK_BLOCKS = 20;
/** A shorter prefix is not cached (1,024 tokens for Sonnet and Opus; Haiku needs 2,048). */
export const MINIMUM_CACHEABLE_TOKENS = 1024;

type Ttl = keyof typeof TTL_MS;

/** What one request read from and wrote to the cache, and its input tokens besides. */
export interface PromptCacheUsage {
  readonly inputTokens: number;
  readonly readTokens: number;
  readonly written5mTokens: number;
  readonly written1hTokens: number;
}

interface PrefixBlock {
  /** The prefix's digest up to and including this block. */
  readonly digest: string;
  /** The prefix's tokens up to and including this block. */
  readonly tokens: number;
  /** Its breakpoint, when it carries one. */
  readonly ttl?: Ttl;
}

interface LooseBlock {
  type?: unknown;
  text?: unknown;
  cache_control?: { ttl?: Ttl } | null;
  [field: string]: unknown;
}

interface CachedRequest {
  model: string;
  tools?: LooseBlock[];
  system?: unknown;
  messages: Array<{ role?: unknown; content?: unknown }>;
}

/**
 * The simulator's prompt cache, one per simulator (one organisation): a request's prefix (tools,
 * system, messages, in that order) is written at each `cache_control` breakpoint, and read back by a
 * later request whose prefix matches up to a block boundary at most 20 blocks before one of its
 * breakpoints (PROTOCOLS F.8). Reads, 5-minute writes and 1-hour writes are counted apart, like
 * Anthropic's `cache_read_input_tokens` and `cache_creation` split; `input_tokens` is the rest.
 */
export class AnthropicPromptCache {
  readonly #expiries = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Undefined for a request without breakpoints, which is counted as before (no cache involved). */
  account(body: CachedRequest): PromptCacheUsage | undefined {
    const prefix = prefixBlocks(body);
    const breakpoints = prefix.flatMap((block, index) => (block.ttl ? [index] : []));
    if (breakpoints.length === 0) return undefined;
    const now = this.now();
    const read = this.#longestRead(prefix, breakpoints, now);
    let written = { '5m': 0, '1h': 0 };
    let end = read;
    for (const index of breakpoints) {
      const block = prefix[index]!;
      if (index <= end || block.tokens < MINIMUM_CACHEABLE_TOKENS) continue;
      written = { ...written, [block.ttl!]: written[block.ttl!] + block.tokens - tokensUpTo(prefix, end) };
      this.#expiries.set(block.digest, now + TTL_MS[block.ttl!]);
      end = index;
    }
    if (read >= 0) this.#expiries.set(prefix[read]!.digest, Math.max(this.#expiries.get(prefix[read]!.digest)!, now + TTL_MS['5m']));
    const readTokens = tokensUpTo(prefix, read);
    const total = prefix.at(-1)!.tokens + 3;
    return { inputTokens: total - readTokens - written['5m'] - written['1h'], readTokens, written5mTokens: written['5m'], written1hTokens: written['1h'] };
  }

  /** The last block of the longest live prefix a breakpoint finds looking back, or -1. */
  #longestRead(prefix: readonly PrefixBlock[], breakpoints: readonly number[], now: number): number {
    let best = -1;
    for (const breakpoint of breakpoints) {
      for (let index = breakpoint; index >= Math.max(0, breakpoint - LOOKBACK_BLOCKS); index--) {
        if ((this.#expiries.get(prefix[index]!.digest) ?? 0) > now) {
          best = Math.max(best, index);
          break;
        }
      }
    }
    return best;
  }
}

function tokensUpTo(prefix: readonly PrefixBlock[], index: number): number {
  return index < 0 ? 0 : prefix[index]!.tokens;
}

/** The request's blocks in cache order, each with its running digest and token count. */
function prefixBlocks(body: CachedRequest): PrefixBlock[] {
  const hash = createHash('sha256').update(body.model);
  const blocks: PrefixBlock[] = [];
  const add = (label: string, block: LooseBlock) => {
    const control = block.cache_control;
    // Where the breakpoints sit is no part of the prefix: the next turn moves them on.
    const content = JSON.stringify(block, (key, value: unknown) => (key === 'cache_control' ? undefined : value));
    hash.update(`${label}:${content}\n`);
    const tokens = (blocks.at(-1)?.tokens ?? 0) + estimateTokens(typeof block.text === 'string' ? block.text : content);
    blocks.push({ digest: digestSoFar(hash), tokens, ...(control && { ttl: control.ttl ?? '5m' }) });
  };
  for (const tool of body.tools ?? []) add('tool', tool);
  for (const block of asBlocks(body.system)) add('system', block);
  for (const message of body.messages) for (const block of asBlocks(message.content)) add(String(message.role), block);
  return blocks;
}

function asBlocks(content: unknown): LooseBlock[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as LooseBlock[]) : [];
}

function digestSoFar(hash: Hash): string {
  return hash.copy().digest('hex');
}
