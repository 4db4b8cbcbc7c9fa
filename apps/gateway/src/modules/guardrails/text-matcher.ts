import { RECOGNIZERS, type Recognizer } from './recognizers.js';

/** Where a guardrail found something in a text, and what it was (a recogniser's id, `keyword`, `pattern`). */
export interface TextMatch {
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

/** Finds what one guardrail looks for; matches never overlap, in text order. */
export interface TextMatcher {
  find(text: string): TextMatch[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Recognisers in order: where two overlap, the earlier one's match is kept. */
export function recognizersMatcher(recognizers: readonly Recognizer[]): TextMatcher {
  return {
    find(text) {
      const found: TextMatch[] = [];
      for (const recognizer of recognizers) {
        for (const match of text.matchAll(recognizer.pattern)) {
          const start = match.index;
          const end = start + match[0].length;
          if (recognizer.check && !recognizer.check(match[0])) continue;
          if (found.some((kept) => start < kept.end && kept.start < end)) continue;
          found.push({ start, end, label: recognizer.id });
        }
      }
      return found.sort((first, second) => first.start - second.start);
    },
  };
}

export function keywordsMatcher(words: readonly string[]): TextMatcher {
  // Whole words only where the word starts or ends with a word character ("ass" must not match "class").
  const alternatives = words.map((word) => `${/^\w/.test(word) ? '\\b' : ''}${escapeRegExp(word)}${/\w$/.test(word) ? '\\b' : ''}`);
  return recognizersMatcher([{ id: 'keyword', pattern: new RegExp(alternatives.join('|'), 'giu') }]);
}

export function patternsMatcher(patterns: readonly string[]): TextMatcher {
  return recognizersMatcher(patterns.map((pattern) => ({ id: 'pattern', pattern: new RegExp(pattern, 'gu') })));
}

export function piiMatcher(ids?: readonly string[]): TextMatcher {
  return recognizersMatcher(ids ? RECOGNIZERS.filter((recognizer) => ids.includes(recognizer.id)) : RECOGNIZERS);
}

/** The text with each match replaced by `[REDACTED:<label>]`. */
export function redactMatches(text: string, matches: readonly TextMatch[]): string {
  let redacted = '';
  let from = 0;
  for (const match of matches) {
    redacted += `${text.slice(from, match.start)}[REDACTED:${match.label}]`;
    from = match.end;
  }
  return redacted + text.slice(from);
}
