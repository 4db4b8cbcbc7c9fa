import { Buffer } from 'node:buffer';
import type { AnswerRewrite, AnswerToWrite, BeforeUpstreamResult, Exchange, RequestHooks, UpstreamIntent } from '@modelgate/pipeline';
import type { ResponseCacheConfig } from './response-cache-config.js';
import { answerCallsTools } from './answer-calls-tools.js';
import { isCacheableRequest, readCacheControl } from './cacheable-request.js';
import { responseCacheKey } from './response-cache-key.js';
import type { CachedAnswer, ResponseCacheStore } from './response-cache-store.js';
import { replayCachedAnswer } from './replay-cached-answer.js';

/** The answer header that tells the client what the cache did. */
export const CACHE_VERDICT_HEADER = 'x-modelgate-cache';

export interface ResponseCacheSettings {
  readonly config: ResponseCacheConfig;
  readonly store: ResponseCacheStore;
  /** Whether a request for this public model id is cached. */
  readonly cachesModel: (model: string) => boolean;
}

/**
 * The cache's part in one request: look the request up before the upstream is called (a hit is
 * served as the cached answer, whole or streamed); on a miss, keep the answer the client gets (a
 * whole body, or every event of the stream) and store it once it is complete with a 200: never an
 * error or a stream cut before its end (neither is ever complete), nor, unless configured, tool calls.
 */
export class ResponseCacheRequest implements RequestHooks {
  /** Set once the answer is to be stored under it (a miss, or `no-cache`). */
  #storeKey?: string;
  #events?: string[];
  #bytes = 0;
  #tooLarge = false;

  constructor(
    private readonly exchange: Exchange,
    private readonly settings: ResponseCacheSettings,
  ) {}

  beforeUpstream(intent: UpstreamIntent): BeforeUpstreamResult | void | Promise<BeforeUpstreamResult | void> {
    if (!this.settings.cachesModel(intent.route.publicId)) return;
    const control = readCacheControl(this.exchange.incomingHeaders['cache-control']);
    if (!control.store || !isCacheableRequest(intent)) return { headers: { [CACHE_VERDICT_HEADER]: 'bypass' } };
    const { namespace } = this.settings.config;
    const key = responseCacheKey(namespace === undefined ? `key:${this.exchange.key.id}` : `namespace:${namespace}`, intent);
    if (!control.lookup) return this.#miss(key);
    return this.settings.store.get(key).then((cached) => (cached ? this.#hit(cached) : this.#miss(key)));
  }

  afterAnswer(answer: AnswerToWrite): AnswerRewrite | void {
    if (this.#storeKey === undefined || !answer.stream) return;
    // A stream retried on another deployment before its answer started gets a fresh tap.
    const events: string[] = [];
    this.#events = events;
    this.#bytes = 0;
    return {
      tap: {
        event: (text) => {
          if (!this.#tooLarge) events.push(text);
          this.#counted(text);
          return text;
        },
      },
    };
  }

  /**
   * The answer is complete: a whole one is stored now, before the client has it, so its next
   * identical request finds it. A relayed stream's last event may still be on its way through the
   * tap (a verbatim relay marks the answer complete at its terminal event, then writes it in the
   * same turn), so the stream is stored once that turn is over.
   */
  answerComplete(status: number, answer?: unknown): void {
    if (this.#storeKey === undefined || status !== 200) return;
    if (answer === undefined) {
      queueMicrotask(() => void this.#store(this.#events, true));
      return;
    }
    const body = typeof answer === 'string' ? answer : JSON.stringify(answer);
    this.#counted(body);
    void this.#store([body], false);
  }

  #hit(cached: CachedAnswer): BeforeUpstreamResult {
    const replayed = replayCachedAnswer(cached);
    const facts = { usage: cached.usage, headers: { [CACHE_VERDICT_HEADER]: 'hit' }, cacheHit: { billed: this.settings.config.hitCost === 'upstream' } };
    return 'body' in replayed ? { ...facts, body: replayed.body } : { ...facts, events: replayed.events };
  }

  #miss(key: string): BeforeUpstreamResult {
    this.#storeKey = key;
    return { headers: { [CACHE_VERDICT_HEADER]: 'miss' } };
  }

  #counted(text: string): void {
    this.#bytes += Buffer.byteLength(text);
    if (this.#bytes > this.settings.config.maxAnswerBytes) {
      this.#tooLarge = true;
      this.#events = undefined;
    }
  }

  #store(texts: readonly string[] | undefined, stream: boolean): Promise<void> | undefined {
    if (!texts || texts.length === 0 || this.#tooLarge) return undefined;
    if (!this.settings.config.cacheToolCalls && answerCallsTools(texts)) return undefined;
    const usage = this.exchange.usage;
    const answer: CachedAnswer = stream ? { events: [...texts], usage } : { body: texts[0]!, usage };
    return this.settings.store.set(this.#storeKey!, answer, this.#bytes, this.settings.config.ttlSeconds * 1000);
  }
}
