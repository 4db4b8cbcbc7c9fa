/** What a translator asks the gateway to send. The gateway owns the socket, timeouts and retries. */
export interface UpstreamRequestV1 {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Absolute URL, built from the provider's settings (base URL) and the endpoint. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** A JSON value the gateway serialises once, or a string sent as-is. */
  readonly body?: unknown;
  /** True when the answer is an event stream (`stream: true`). */
  readonly stream: boolean;
}

/** A non-2xx answer from the upstream, handed to the translator to become a gateway error. */
export interface UpstreamFailureV1 {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw body text (usually the vendor's JSON error). */
  readonly body: string;
}
