/**
 * What the simulator knows of Google's models, kept apart from the provider's own tables so that a
 * mistake there (a level a model lacks) fails against it (PROTOCOLS E.1, E.2, E.7).
 */
export type SimulatedThinking =
  | { readonly knob: 'level'; readonly accepted: ReadonlySet<string> }
  | { readonly knob: 'budget'; readonly lowest: number; readonly highest: number; readonly offAllowed: boolean }
  | { readonly knob: 'free' };

export interface SimulatedModel {
  /** The id the request named resolves to this one (aliases since 8 Oct 2026). */
  readonly resolved: string;
  /** Returns call ids and signatures, and validates the signatures of the current turn. */
  readonly generation: 'gemini-3' | 'image' | 'gemini-2';
  readonly thinking: SimulatedThinking;
}

const ALIASES: Readonly<Record<string, string>> = { 'gemini-3.7-flash': 'gemini-3.8-flash', 'gemini-3.5-flash': 'gemini-3.6-flash' };
const THREE_LEVELS = new Set(['LOW', 'MEDIUM', 'HIGH']);
const FOUR_LEVELS = new Set(['MINIMAL', 'LOW', 'MEDIUM', 'HIGH']);

/** Most specific first: the first rule whose prefix the resolved id starts with wins. */
const RULES: ReadonlyArray<readonly [prefix: string, generation: SimulatedModel['generation'], thinking: SimulatedThinking]> = [
  ['gemini-2.5-pro', 'gemini-2', { knob: 'budget', lowest: 128, highest: 32768, offAllowed: false }],
  ['gemini-2.5-flash-lite', 'gemini-2', { knob: 'budget', lowest: 512, highest: 24576, offAllowed: true }],
  ['gemini-2', 'gemini-2', { knob: 'budget', lowest: 1, highest: 24576, offAllowed: true }],
  ['gemini-3.8-flash', 'gemini-3', { knob: 'level', accepted: THREE_LEVELS }],
  ['gemini-3.6-flash', 'gemini-3', { knob: 'level', accepted: THREE_LEVELS }],
  ['gemini-3.1-pro', 'gemini-3', { knob: 'level', accepted: THREE_LEVELS }],
  ['gemini-4-argon', 'gemini-3', { knob: 'level', accepted: THREE_LEVELS }],
  ['gemini-3', 'gemini-3', { knob: 'level', accepted: FOUR_LEVELS }],
  ['gemini-4', 'gemini-3', { knob: 'level', accepted: FOUR_LEVELS }],
];

export function simulatedModel(requested: string): SimulatedModel {
  const resolved = ALIASES[requested] ?? requested;
  if (/-image\b/.test(resolved)) return { resolved, generation: 'image', thinking: { knob: 'free' } };
  const rule = RULES.find(([prefix]) => resolved.startsWith(prefix));
  return { resolved, generation: rule?.[1] ?? 'gemini-3', thinking: rule?.[2] ?? { knob: 'free' } };
}
