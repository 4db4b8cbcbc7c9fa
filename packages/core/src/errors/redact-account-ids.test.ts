import { describe, expect, it } from '@jest/globals';
import { withoutAccountIds } from './redact-account-ids.js';

describe('withoutAccountIds', () => {
  it("takes the vendor account's ids out of OpenAI's, Groq's and Anthropic's messages, and nothing else", () => {
    expect(withoutAccountIds('Rate limit reached for gpt-4o in organization org-VDAWofJASuLH0vVz8o9tiQZr on tokens per min (TPM): Limit 30000.')).toBe(
      'Rate limit reached for gpt-4o in organization [redacted] on tokens per min (TPM): Limit 30000.',
    );
    expect(withoutAccountIds('Request too large for model `openai/gpt-oss-20b` in organization `org_01kw3t4t1ke018w1a90cd42bys` service tier')).toBe(
      'Request too large for model `openai/gpt-oss-20b` in organization `[redacted]` service tier',
    );
    expect(withoutAccountIds('This request would exceed the rate limit for your organization (4d3c2b1a-0000-4000-8000-123456789abc) of 50,000 input tokens per minute.')).toBe(
      'This request would exceed the rate limit for your organization ([redacted]) of 50,000 input tokens per minute.',
    );
    expect(withoutAccountIds('The model `gpt-4o` does not exist; see the org-level settings.')).toBe('The model `gpt-4o` does not exist; see the org-level settings.');
  });
});
