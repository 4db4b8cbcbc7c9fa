import { demoChatReply, startOpenAiChatSimulator } from '@modelgate/provider-openai-compatible/testing';
import { AutomaticPrefixCache, type ScriptedSimulator } from '@modelgate/testkit';
import { answerDeepSeekChat } from './answer-deepseek-chat.js';
import type { DeepSeekReply } from './deepseek-reply.js';

/** The ids DeepSeek serves (the retired `deepseek-chat` and `deepseek-reasoner` answer "Model Not Exist"). */
export const DEEPSEEK_SIMULATOR_MODELS: readonly string[] = ['deepseek-flash', 'deepseek-v4-pro', 'deepseek-v4-flash'];

export interface DeepSeekSimulatorOptions {
  /** When set, every request must send `Authorization: Bearer <apiKey>`; otherwise any key (or none) is accepted. */
  apiKey?: string;
  /** The ids served and listed (default: DeepSeek's current ones). */
  models?: string[];
  /** The demo's tool rule (docs/demo.md, the compatible base's `demoChatReply`); off by default, on only in the gateway's demo profile. */
  demoToolRule?: boolean;
}

export type DeepSeekSimulator = ScriptedSimulator<DeepSeekReply>;

/**
 * Starts a DeepSeek simulator on 127.0.0.1 (PROTOCOLS G.2), stricter than DeepSeek so translator
 * bugs fail fast: the compatible base's OpenAI simulator (key check, fault queue, `GET /v1/models`)
 * with its chat replaced by DeepSeek's dialect of it, on `/v1/chat/completions` and on
 * `/chat/completions` (DeepSeek's base URL has no `/v1`).
 */
export async function startDeepSeekSimulator(options: DeepSeekSimulatorOptions = {}): Promise<DeepSeekSimulator> {
  const replies: DeepSeekReply[] = [];
  const nextReply = (body: unknown) => replies.shift() ?? (options.demoToolRule ? demoChatReply(body) : undefined);
  // DeepSeek's context caching on disk: a repeated prefix is read back in 64-token units.
  const promptCache = new AutomaticPrefixCache({ minimumTokens: 64, incrementTokens: 64, ttlMs: 5 * 60_000 });
  const chat = await startOpenAiChatSimulator(
    // DeepSeek sends none of OpenAI's x-ratelimit-* headers: its 429 is a concurrency cap (PROTOCOLS G.2).
    { apiKey: options.apiKey, models: options.models ?? [...DEEPSEEK_SIMULATOR_MODELS], rateLimitHeaders: false },
    ['/v1/chat/completions', '/chat/completions'].map((path) => ({ method: 'POST', path, answer: (exchange) => answerDeepSeekChat(exchange, () => nextReply(exchange.request.body), promptCache) })),
  );
  return {
    url: chat.url,
    origin: chat.origin,
    port: chat.port,
    requests: chat.requests,
    enqueueReply: (reply) => void replies.push(reply),
    enqueueFault: chat.enqueueFault,
    reset() {
      replies.length = 0;
      chat.reset();
    },
    close: chat.close,
  };
}
