import { describe, expect, it } from '@jest/globals';
import { piiMatcher, redactMatches } from './text-matcher.js';

function redact(text: string, ids?: string[]): string {
  const matcher = piiMatcher(ids);
  return redactMatches(text, matcher.find(text));
}

describe('the PII and secret recognisers', () => {
  it.each([
    ['payment-card', 'pay 4111 1111 1111 1111 now', 'pay [REDACTED:payment-card] now'],
    ['payment-card', 'order 4111111111111112', 'order 4111111111111112'], // fails Luhn
    ['iban', 'to GB82 WEST 1234 5698 7654 32 today', 'to [REDACTED:iban] today'],
    ['iban', 'to GB83WEST12345698765432', 'to GB83WEST12345698765432'], // fails mod 97
    ['us-ssn', 'ssn 123-45-6789', 'ssn [REDACTED:us-ssn]'],
    ['us-ssn', 'ssn 666-45-6789 or 123-00-6789', 'ssn 666-45-6789 or 123-00-6789'],
    ['email', 'write jane.doe+x@mail.example.co.uk', 'write [REDACTED:email]'],
    ['ip-address', 'host 192.168.10.255 not 999.1.1.1', 'host [REDACTED:ip-address] not 999.1.1.1'],
    ['ip-address', 'v6 2001:db8::8a2e:370:7334 here', 'v6 [REDACTED:ip-address] here'],
    ['phone', 'call +44 20 7946 0958 or (555) 123-4567', 'call [REDACTED:phone] or [REDACTED:phone]'],
    ['openai-key', 'key sk-proj-AbCdEfGhIjKlMnOpQrStUvWx', 'key [REDACTED:openai-key]'],
    ['anthropic-key', 'key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv', 'key [REDACTED:anthropic-key]'],
    ['aws-access-key', 'AKIAIOSFODNN7EXAMPLE', '[REDACTED:aws-access-key]'],
    ['github-token', `ghp_${'a'.repeat(36)}`, '[REDACTED:github-token]'],
    ['google-api-key', `AIza${'B'.repeat(35)}`, '[REDACTED:google-api-key]'],
    ['slack-token', 'xoxb-123456789012-abcdefghij', '[REDACTED:slack-token]'],
    ['private-key', 'a\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\nb', 'a\n[REDACTED:private-key]\nb'],
  ])('%s: %j', (id, text, expected) => {
    expect(redact(text, [id])).toBe(expected);
  });

  it('keeps the earlier recogniser where two overlap (a card is not also a phone number)', () => {
    expect(redact('card 4111 1111 1111 1111')).toBe('card [REDACTED:payment-card]');
  });

  it('runs over a 4 KB prompt with nothing to find without a match', () => {
    const prose = 'The quick brown fox jumps over the lazy dog on 12 May at 10:30. '.repeat(64);
    expect(piiMatcher().find(prose)).toEqual([]);
  });
});
