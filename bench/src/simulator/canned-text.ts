/** The answer every canned body spells out, cut into stream deltas of a few words each. */
export const CANNED_DELTAS: readonly string[] = Array.from({ length: 20 }, (_, index) => `word${index} and more `);

export const CANNED_TEXT = CANNED_DELTAS.join('');

export const CANNED_USAGE = { input_tokens: 12, output_tokens: 60 } as const;
