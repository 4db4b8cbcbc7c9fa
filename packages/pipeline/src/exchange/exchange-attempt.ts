import type { CompletionUsage, GatewayError } from '@modelgate/core';

/** Where one upstream call goes. */
export interface AttemptTarget {
  /** The public model it was for (the requested one, or a fallback). */
  readonly model: string;
  /** `<instance>/<upstream model>`. */
  readonly deployment: string;
  readonly provider: string;
  /** The provider instance's family (`openai`, `anthropic`, …). */
  readonly family: string;
  readonly upstreamModel: string;
}

/** One call to an upstream; the attempt loop adds one per try, through the exchange's methods. */
export interface ExchangeAttempt extends AttemptTarget {
  readonly startedAt: bigint;
  /** Until the upstream's headers (a stream) or its whole answer. */
  readonly durationMs?: number;
  /** The upstream's status, once its headers arrived. */
  readonly status?: number;
  /** Why the attempt failed, when it did. */
  readonly errorKind?: GatewayError['kind'];
  readonly errorCode?: string | null;
  /** This failure took the deployment out of rotation (it starts cooling down). */
  readonly startedCooldown?: boolean;
}

/** How an attempt failed: the error it ended in, and whether its deployment started cooling down. */
export interface AttemptFailure {
  readonly error: unknown;
  readonly startedCooldown?: boolean;
}

/** What a whole answer tells besides its body: its usage and the vendor-side state it created. */
export interface AnswerFacts {
  readonly usage?: CompletionUsage;
  /** The id of the vendor-side object the answer created (a stored Responses API response). */
  readonly createdStateId?: string;
  /** The state ids of the `encrypted_content` blobs the answer carries (`mintedBlobStateIds`). */
  readonly mintedBlobStateIds?: readonly string[];
  /** Calls of server-side tools the vendor bills per call, by tool, when its usage counts them. */
  readonly serverToolCalls?: Readonly<Record<string, number>>;
}
