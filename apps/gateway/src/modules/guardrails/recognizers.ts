import { isPlausibleSsn, passesIbanCheck, passesLuhn } from './checksums.js';

/**
 * One kind of personal data or secret: a pattern and, where one exists, the check that tells a real
 * one from a look-alike. Patterns are global and bounded (no nested quantifiers): they run on every
 * prompt.
 */
export interface Recognizer {
  readonly id: string;
  readonly pattern: RegExp;
  readonly check?: (match: string) => boolean;
}

function ipv4Octets(match: string): boolean {
  return match.split('.').every((octet) => Number(octet) <= 255 && (octet === '0' || !octet.startsWith('0')));
}

// Order matters: where two recognisers match overlapping text the earlier one wins, so secrets and
// checksummed numbers come before the looser phone pattern.
export const RECOGNIZERS = [
  { id: 'private-key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)/g },
  { id: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,200}/g },
  { id: 'openai-key', pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}/g },
  { id: 'aws-access-key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { id: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})/g },
  { id: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { id: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,200}/g },
  { id: 'email', pattern: /\b[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}\b/g },
  { id: 'payment-card', pattern: /\b\d(?:[ -]?\d){12,18}\b/g, check: (match) => passesLuhn(match.replace(/\D/g, '')) },
  { id: 'iban', pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g, check: passesIbanCheck },
  { id: 'us-ssn', pattern: /\b\d{3}-\d{2}-\d{4}\b/g, check: isPlausibleSsn },
  { id: 'ip-address', pattern: /\b(?:\d{1,3}\.){3}\d{1,3}\b|\b(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}\b|\b(?:[0-9A-Fa-f]{1,4}:){1,6}:(?:[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){0,5})?(?![0-9A-Fa-f:])/g, check: (match) => match.includes(':') || ipv4Octets(match) },
  { id: 'phone', pattern: /(?<![\w+])\+?\(?\d{1,4}\)?(?:[ .-]?\(?\d{2,4}\)?){2,5}(?!\w)/g, check: (match) => { const digits = match.replace(/\D/g, '').length; return digits >= 9 && digits <= 15; } },
] as const satisfies readonly Recognizer[];

export type RecognizerId = (typeof RECOGNIZERS)[number]['id'];

export const RECOGNIZER_IDS: readonly RecognizerId[] = RECOGNIZERS.map((recognizer) => recognizer.id);
