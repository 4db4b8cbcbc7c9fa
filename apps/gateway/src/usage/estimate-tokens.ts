/** About four characters per token: the usual rule of thumb, good enough for admission and aborted streams. */
export function estimateTokensFromCharacters(characters: number): number {
  return Math.ceil(characters / 4);
}

interface TokenBudgetFields {
  messages?: unknown;
  input?: unknown;
  instructions?: unknown;
  max_tokens?: unknown;
  max_completion_tokens?: unknown;
  max_output_tokens?: unknown;
}

/** Output reserved for a request that sets no output limit, when the model's own limit is unknown. */
export const UNKNOWN_MODEL_OUTPUT_TOKENS = 4_096;
/** The most output reserved for a request that sets no output limit, whatever the model's limit. */
export const MAX_DEFAULT_OUTPUT_TOKENS = 16_384;

/**
 * The tokens a request is charged up front against TPM: its prompt (chat `messages`, or the
 * Responses `input` and `instructions`, serialized) plus the most it may generate: the output
 * limit it asked for or, without one, the model's output limit (`defaultOutputTokens`, at most
 * MAX_DEFAULT_OUTPUT_TOKENS), since the vendor then lets the model write that much. The real usage
 * replaces the estimate when the request ends.
 */
export function estimateRequestTokens(body: object, defaultOutputTokens = UNKNOWN_MODEL_OUTPUT_TOKENS): { promptTokens: number; totalTokens: number } {
  const fields = body as TokenBudgetFields;
  const prompt = [fields.messages, fields.input, fields.instructions].filter((part) => part !== undefined);
  const promptTokens = estimateTokensFromCharacters(JSON.stringify(prompt).length);
  const limit = [fields.max_completion_tokens, fields.max_tokens, fields.max_output_tokens].find((value) => typeof value === 'number');
  const output = (limit as number | undefined) ?? Math.min(defaultOutputTokens, MAX_DEFAULT_OUTPUT_TOKENS);
  return { promptTokens, totalTokens: promptTokens + output };
}

function textLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((length: number, item) => length + textLength(item), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce((length: number, item) => length + textLength(item), 0);
  return 0;
}

/**
 * Characters of generated text in a whole answer (a chat completion's `choices`, a response's
 * `output`, as JSON text or parsed), to estimate its tokens when its usage is missing or unusable.
 */
export function answerCharacters(answer: unknown): number {
  let parsed = answer;
  if (typeof answer === 'string' || Buffer.isBuffer(answer)) {
    try {
      parsed = JSON.parse(String(answer)) as unknown;
    } catch {
      return String(answer).length;
    }
  }
  const { choices, output } = (parsed ?? {}) as { choices?: unknown; output?: unknown };
  return textLength(choices) + textLength(output);
}
