import type { FunctionToolCall } from './chat-completion-request.js';
import type { FinishReason } from './finish-reason.js';
import type { ReasoningDetail } from './hub-extensions.js';
import type { CompletionUsage } from './usage.js';

export interface TokenLogprob {
  token: string;
  logprob: number;
  bytes: number[] | null;
  top_logprobs: Array<{ token: string; logprob: number; bytes: number[] | null }>;
}

export interface ChoiceLogprobs {
  content: TokenLogprob[] | null;
  refusal: TokenLogprob[] | null;
}

export interface ChatCompletionMessage {
  role: 'assistant';
  content: string | null;
  refusal: string | null;
  /** Omitted, never `[]`, when the model called no tool: clients treat `[]` as "has tool calls". */
  tool_calls?: FunctionToolCall[];
  annotations?: unknown[];
  /** Reasoning text from vendors that expose it (Anthropic thinking, DeepSeek, Gemini thoughts). */
  reasoning_content?: string;
  /** Hub extension: signed or encrypted reasoning the client must send back next turn (PROTOCOLS F.3, F.12). */
  reasoning_details?: ReasoningDetail[];
  [extension: string]: unknown;
}

export interface ChatCompletionChoice {
  index: number;
  message: ChatCompletionMessage;
  logprobs: ChoiceLogprobs | null;
  finish_reason: FinishReason;
}

export interface ChatCompletionResponse {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: ChatCompletionChoice[];
  usage?: CompletionUsage;
  system_fingerprint?: string | null;
  service_tier?: string | null;
  [extension: string]: unknown;
}
