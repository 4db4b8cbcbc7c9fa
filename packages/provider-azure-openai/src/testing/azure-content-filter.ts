import type { AzureProblem } from './azure-errors.js';

// Azure OpenAI's content filtering annotations (learn.microsoft.com, "Content filtering", response
// annotations): every answer carries `prompt_filter_results` (one entry per prompt, with jailbreak
// detection) and a `content_filter_results` per choice; a stream opens with a choice-less chunk
// holding only the prompt's results. A prompt the filter blocks is a 400 `content_filter` whose
// `innererror` (`ResponsibleAIPolicyViolation`) names the category (openai/openai-dotnet#55,
// 2024-06; BerriAI/litellm#16231, 2025-11).

const SAFE = { filtered: false, severity: 'safe' } as const;

export function completionFilterResults(filtered: boolean): Record<string, unknown> {
  return { hate: SAFE, self_harm: SAFE, sexual: SAFE, violence: filtered ? { filtered: true, severity: 'high' } : SAFE };
}

export function promptFilterResults(): Record<string, unknown>[] {
  return [{ prompt_index: 0, content_filter_results: { hate: SAFE, jailbreak: { filtered: false, detected: false }, self_harm: SAFE, sexual: SAFE, violence: SAFE } }];
}

/** The answer to a prompt the filter blocks. */
export const PROMPT_FILTERED: AzureProblem = {
  status: 400,
  body: {
    error: {
      message:
        "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
      type: null,
      param: 'prompt',
      code: 'content_filter',
      status: 400,
      innererror: {
        code: 'ResponsibleAIPolicyViolation',
        content_filter_result: { hate: SAFE, jailbreak: { filtered: false, detected: false }, self_harm: SAFE, sexual: SAFE, violence: { filtered: true, severity: 'high' } },
      },
    },
  },
};

interface ChoiceLike {
  finish_reason?: unknown;
  [field: string]: unknown;
}

/** Annotates a chat completion or chunk as Azure does: each choice's results (filtered when it ended on `content_filter`). */
export function annotateChoices(body: { choices?: ChoiceLike[] }): void {
  for (const choice of body.choices ?? []) choice.content_filter_results = completionFilterResults(choice.finish_reason === 'content_filter');
}
