import { createHash, createHmac } from 'node:crypto';
import type { RecordedRequest } from '@modelgate/testkit';
import { MISSING_AUTHENTICATION, SIGNATURE_MISMATCH, signatureExpired, signatureNotYetCurrent, UNRECOGNIZED_CLIENT, type AwsProblem } from './aws-errors.js';

export interface AwsCredentialsForTest {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it (everything but unreserved characters). */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20261127T061500Z` → epoch ms. */
function parseAmzDate(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return match ? Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +match[6]!) : Number.NaN;
}

function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

const FIVE_MINUTES_MS = 5 * 60_000;

/**
 * Recomputes a request's AWS Signature Version 4 as AWS does (AWS General Reference, "Create a
 * canonical request", "Create a string to sign", "Calculate the signature"), independently of the
 * library the provider signs with: the canonical URI's segments encoded twice (every service but
 * S3), the signed headers as listed, the payload's SHA-256 over the bytes received. Returns AWS's
 * 403 for a missing or unknown key, a clock more than five minutes off, or any difference.
 */
export function verifySigV4(request: RecordedRequest, rawPath: string, keys: readonly AwsCredentialsForTest[], region: string, now: number): AwsProblem | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string') return MISSING_AUTHENTICATION;
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!parsed) return { status: 400, type: 'IncompleteSignatureException', message: `Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters.` };
  const [, accessKeyId, date, scopeRegion, service, signedHeaderList, signature] = parsed as unknown as [string, string, string, string, string, string, string];
  const key = keys.find((candidate) => candidate.accessKeyId === accessKeyId);
  if (!key || (key.sessionToken !== undefined && request.headers['x-amz-security-token'] !== key.sessionToken)) return UNRECOGNIZED_CLIENT;

  const stamp = String(request.headers['x-amz-date'] ?? '');
  const signedAt = parseAmzDate(stamp);
  if (now - signedAt > FIVE_MINUTES_MS) return signatureExpired(stamp, amzDate(now), amzDate(now - FIVE_MINUTES_MS));
  if (signedAt - now > FIVE_MINUTES_MS) return signatureNotYetCurrent(stamp, amzDate(now), amzDate(now + FIVE_MINUTES_MS));

  const signedHeaders = signedHeaderList.split(';');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalUri = rawPath.split('/').map((segment) => uriEncode(segment)).join('/');
  const canonicalQuery = Object.entries(request.query)
    .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`)
    .sort()
    .join('&');
  const payloadHash = sha256(request.rawBody);
  const canonical = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${date}/${scopeRegion}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, date), scopeRegion), service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  const signsHost = signedHeaders.includes('host');
  if (expected !== signature || !signsHost || scopeRegion !== region || service !== 'bedrock') {
    return {
      status: 403,
      type: 'InvalidSignatureException',
      message: `${SIGNATURE_MISMATCH}\n\nThe Canonical String for this request should have been\n'${canonical}'\n\nThe String-to-Sign should have been\n'${stringToSign}'\n`,
    };
  }
  return undefined;
}
