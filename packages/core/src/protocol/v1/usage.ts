/** Token usage in OpenAI's shape. `cached_tokens` is a subset of `prompt_tokens`, `reasoning_tokens` of `completion_tokens`. */
export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: {
    cached_tokens?: number;
    audio_tokens?: number;
    /** Prompt tokens written to the vendor's prompt cache (a hub extension; OpenRouter's name). */
    cache_write_tokens?: number;
    /** Of those, the ones written for an hour, billed at their own price (Anthropic's `ephemeral_1h_input_tokens`). */
    cache_write_1h_tokens?: number;
    [key: string]: number | undefined;
  };
  completion_tokens_details?: {
    reasoning_tokens?: number;
    audio_tokens?: number;
    accepted_prediction_tokens?: number;
    rejected_prediction_tokens?: number;
    [key: string]: number | undefined;
  };
}
