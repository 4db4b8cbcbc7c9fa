import type { GoogleThinkingLevel } from '@modelgate/core';

/** How a model is told how hard to think (PROTOCOLS E.1, E.2, F.12): never both knobs. */
export type GoogleThinkingStyle =
  /** Gemini 3.x/4: `thinkingLevel`, one of the model's own levels (another one is a 400). */
  | { readonly kind: 'level'; readonly levels: readonly GoogleThinkingLevel[] }
  /** Gemini 2.5: `thinkingBudget` in tokens; `0` turns thinking off where `canDisable`. */
  | { readonly kind: 'budget'; readonly min: number; readonly max: number; readonly canDisable: boolean }
  /** No thinking knob is sent (image models, whose levels are not captured). */
  | { readonly kind: 'none' };

/** What the translator must know about a model to build a request it accepts. */
export interface GoogleModelTraits {
  /** Gemini 3+ returns `functionCall.id`s and takes them back; 2.x rejects an `id` it did not expect (E.7). */
  readonly issuesCallIds: boolean;
  /** Gemini 3+ text models reject a current-turn step whose first call lacks its signature (E.7). */
  readonly validatesSignatures: boolean;
  /**
   * Gemini 3+ text models take images inside a function response (`functionResponse.parts`); 2.x
   * answers 400 "`function_response.parts` is not supported for this model" (E.2).
   */
  readonly multimodalFunctionResponses: boolean;
  readonly thinking: GoogleThinkingStyle;
  /** `temperature`/`topP` have no effect (gemini-4-argon, second-hand). */
  readonly ignoresSampling?: boolean;
}

export const LOW_TO_HIGH: readonly GoogleThinkingLevel[] = ['LOW', 'MEDIUM', 'HIGH'];
export const MINIMAL_TO_HIGH: readonly GoogleThinkingLevel[] = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'];

/** A Gemini 3 text model: ids, validated signatures, levels. */
export function levelModel(levels: readonly GoogleThinkingLevel[], extra: Partial<GoogleModelTraits> = {}): GoogleModelTraits {
  return { issuesCallIds: true, validatesSignatures: true, multimodalFunctionResponses: true, thinking: { kind: 'level', levels }, ...extra };
}

/** A Gemini 2.5 model: no ids, signatures not validated, budgets. */
export function budgetModel(min: number, max: number, canDisable: boolean): GoogleModelTraits {
  return { issuesCallIds: false, validatesSignatures: false, multimodalFunctionResponses: false, thinking: { kind: 'budget', min, max, canDisable } };
}

/** Image models return ids and signatures but do not validate them (E.7). */
export const IMAGE_MODEL: GoogleModelTraits = { issuesCallIds: true, validatesSignatures: false, multimodalFunctionResponses: false, thinking: { kind: 'none' } };

/**
 * Traits of a model the catalog does not list, by its family: `gemini-2*` takes budgets and no
 * ids; image models validate nothing; anything else (`gemini-3*`, `gemini-4*`, `gemini-flash-latest`)
 * is treated as a current Gemini model, whose levels are at least LOW–HIGH.
 */
export function fallbackTraits(model: string): GoogleModelTraits {
  if (/-image\b/.test(model)) return IMAGE_MODEL;
  if (/^gemini-[01]\b|^gemini-2\b|^gemini-2\./.test(model)) return budgetModel(0, 24576, true);
  return levelModel(LOW_TO_HIGH);
}
