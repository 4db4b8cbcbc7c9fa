import type { ServerResponse } from 'node:http';

/** A Bedrock runtime error: REST-JSON, the type in `x-amzn-ErrorType`, `message` in the body. */
export interface AwsProblem {
  readonly status: number;
  readonly type: string;
  readonly message: string;
}

export function sendAwsProblem(response: ServerResponse, problem: AwsProblem, retryAfter?: string): void {
  const body = JSON.stringify({ message: problem.message });
  response.writeHead(problem.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'x-amzn-errortype': `${problem.type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
    'x-amzn-requestid': crypto.randomUUID(),
    ...(retryAfter !== undefined && { 'retry-after': retryAfter }),
  });
  response.end(body);
}

// The SigV4 refusals, in AWS's words. Wrong secret, or any byte of the signed request changed:
// BerriAI/litellm#14763 (2025-09, bedrock-runtime, with the canonical string AWS expected).
export const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

// A signature older than five minutes: anthropics/anthropic-sdk-go#122 (2025-02, Bedrock, 403).
export function signatureExpired(signed: string, now: string, limit: string): AwsProblem {
  return { status: 403, type: 'InvalidSignatureException', message: `Signature expired: ${signed} is now earlier than ${limit} (${now} - 5 min.)` };
}

// A signature dated more than five minutes ahead (the same check, the other way; AWS SigV4 docs, "Time stamps").
export function signatureNotYetCurrent(signed: string, now: string, limit: string): AwsProblem {
  return { status: 403, type: 'InvalidSignatureException', message: `Signature not yet current: ${signed} is still later than ${limit} (${now} + 5 min.)` };
}

// An access key (or session token) AWS does not know.
export const UNRECOGNIZED_CLIENT: AwsProblem = { status: 403, type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };

// No Authorization header at all.
export const MISSING_AUTHENTICATION: AwsProblem = { status: 403, type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };

// The body checks of Bedrock's JSON-schema validation for Anthropic models ("Malformed input
// request: #: extraneous key [stream] is not permitted, please reformat your input and try again.",
// seen for `stream` and `model` in peers' reports).
export function malformedInput(problem: string): AwsProblem {
  return { status: 400, type: 'ValidationException', message: `Malformed input request: #: ${problem}, please reformat your input and try again.` };
}

export const INVALID_MODEL: AwsProblem = { status: 400, type: 'ValidationException', message: 'The provided model identifier is invalid.' };
