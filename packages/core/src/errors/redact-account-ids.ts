/**
 * The vendor account's ids in an error message: OpenAI's and Groq's `org-…`/`org_…` ("Rate limit
 * reached for gpt-4o in organization org-abc123 on …") and Anthropic's "your organization
 * (<uuid>)". They name the gateway operator's account, which a client has no business learning.
 */
const ACCOUNT_IDS = /\borg[-_][A-Za-z0-9]{6,}\b|(?<=organization \()[0-9a-f][0-9a-f-]{7,}(?=\))/gi;

/** The message with the vendor account's ids replaced, the rest as the vendor wrote it. */
export function withoutAccountIds(message: string): string {
  return message.replace(ACCOUNT_IDS, '[redacted]');
}
