/** About four characters per token: the usual rule of thumb, good enough for admission and aborted streams. */
export function estimateTokensFromCharacters(characters: number): number {
  return Math.ceil(characters / 4);
}

/** Output reserved for a request that sets no output limit, when the model's own limit is unknown. */
export const UNKNOWN_MODEL_OUTPUT_TOKENS = 4_096;
/** The most output reserved for a request that sets no output limit, whatever the model's limit. */
export const MAX_DEFAULT_OUTPUT_TOKENS = 16_384;

export interface TokenEstimate {
  readonly promptTokens: number;
  /** The prompt plus the most the request may generate. */
  readonly totalTokens: number;
}

/**
 * The tokens a request is charged up front against TPM: its prompt (the parts a front names,
 * serialized) plus the most it may generate: the output limit it asked for (the first number among
 * `outputLimits`) or, without one, the model's output limit (`defaultOutputTokens`, at most
 * MAX_DEFAULT_OUTPUT_TOKENS), since the vendor then lets the model write that much; that many for
 * each of the `choices` it asked for (chat's `n`), which the vendor generates and bills each. The
 * real usage replaces the estimate when the request ends.
 */
export function estimateRequestTokens(
  promptParts: readonly unknown[],
  outputLimits: readonly unknown[],
  defaultOutputTokens = UNKNOWN_MODEL_OUTPUT_TOKENS,
  choices: unknown = 1,
): TokenEstimate {
  const prompt = promptParts.filter((part) => part !== undefined);
  const promptTokens = estimateTokensFromCharacters(JSON.stringify(prompt).length);
  const limit = outputLimits.find((value) => typeof value === 'number');
  const output = (limit as number | undefined) ?? Math.min(defaultOutputTokens, MAX_DEFAULT_OUTPUT_TOKENS);
  const count = typeof choices === 'number' && choices > 1 ? choices : 1;
  return { promptTokens, totalTokens: promptTokens + output * count };
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
