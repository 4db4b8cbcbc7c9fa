import type { CallContextV1, ReasoningEffort, GoogleThinkingConfig, GoogleThinkingLevel } from '@modelgate/core';
import type { GoogleThinkingStyle } from './google-model-traits.js';
import type { GoogleThinkingBudgets } from './google-settings.js';

/** PROTOCOLS F.12: LiteLLM's budgets for low/medium/high, halved below and doubled above. */
export const DEFAULT_GOOGLE_THINKING_BUDGETS: GoogleThinkingBudgets = { minimal: 512, low: 1024, medium: 2048, high: 4096, xhigh: 8192, max: 16384 };

const LEVEL_ORDER: readonly GoogleThinkingLevel[] = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'];

/** F.12's level per effort; `none` asks for the least thinking the model allows. */
const LEVEL_BY_EFFORT: Readonly<Record<ReasoningEffort, GoogleThinkingLevel>> = {
  none: 'MINIMAL',
  minimal: 'MINIMAL',
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
  xhigh: 'HIGH',
  max: 'HIGH',
};

/** The model's nearest level at or above the wanted one (MINIMAL → LOW on 3.8 Flash), else its highest: never a level it lacks (a 400). */
export function clampThinkingLevel(wanted: GoogleThinkingLevel, levels: readonly GoogleThinkingLevel[]): GoogleThinkingLevel {
  const allowed = LEVEL_ORDER.filter((level) => levels.includes(level));
  return allowed.find((level) => LEVEL_ORDER.indexOf(level) >= LEVEL_ORDER.indexOf(wanted)) ?? allowed.at(-1) ?? wanted;
}

export interface ThinkingOptions {
  readonly budgets: GoogleThinkingBudgets;
  readonly includeThoughts: boolean;
}

/**
 * `reasoning_effort` as the one thinking knob the model takes (E.2, F.12, never both):
 * `thinkingLevel` clamped to the model's levels, or `thinkingBudget` clamped to its range (`none` →
 * 0 where the model can stop thinking, else its minimum). Thought summaries are asked for
 * (`includeThoughts`) whenever the model is sure to think: always on level models, on budget
 * models only with a budget above 0. Models with no knob get none, and the effort is reported dropped.
 */
export function convertToGoogleThinkingConfig(
  effort: ReasoningEffort | null | undefined,
  style: GoogleThinkingStyle,
  options: ThinkingOptions,
  call: CallContextV1,
): GoogleThinkingConfig | undefined {
  const wanted = effort ?? undefined;
  // `none` asks for no thoughts: a model that cannot stop thinking (level models) still shows none.
  const thoughts = options.includeThoughts && wanted !== 'none' ? { includeThoughts: true } : {};
  switch (style.kind) {
    case 'none':
      if (wanted !== undefined) call.warn({ kind: 'dropped-parameter', parameter: 'reasoning_effort', reason: `${call.upstreamModel} takes no thinking setting` });
      return undefined;
    case 'level': {
      const config: GoogleThinkingConfig = { ...thoughts };
      if (wanted !== undefined) config.thinkingLevel = clampThinkingLevel(LEVEL_BY_EFFORT[wanted], style.levels);
      return Object.keys(config).length > 0 ? config : undefined;
    }
    case 'budget': {
      if (wanted === undefined) return undefined;
      const requested = wanted === 'none' ? (style.canDisable ? 0 : style.min) : options.budgets[wanted];
      const thinkingBudget = requested === 0 ? 0 : Math.min(style.max, Math.max(style.min, requested));
      return { thinkingBudget, ...(thinkingBudget > 0 ? thoughts : {}) };
    }
  }
}
