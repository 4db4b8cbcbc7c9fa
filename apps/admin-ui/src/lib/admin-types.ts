// The shapes of the admin API's answers that the UI reads (apps/gateway/src/admin/*).

export interface SeriesPoint {
  readonly bucketStart: number;
  readonly group: string;
  readonly requests: number;
  readonly errors: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
  readonly latencyP50Ms: number;
  readonly latencyP95Ms: number;
  readonly latencyP99Ms: number;
}

export interface KeyView {
  readonly id: string;
  readonly name: string;
  readonly owner?: string;
  readonly prefix: string;
  readonly status: string;
  readonly models?: string[];
  readonly endpoints?: string[];
  readonly rpm?: number;
  readonly tpm?: number;
  readonly maxConcurrent?: number;
  readonly budget?: { usd: number; period: string };
  readonly createdAt: string;
  readonly expiresAt?: string;
}

export interface KeySpend {
  readonly keyId: string;
  readonly spendUsd: number;
  readonly since: string;
  readonly budgetUsd?: number;
}

export interface UsageRecordView {
  readonly recordId?: string;
  readonly requestId: string;
  readonly keyId: string;
  readonly model?: string;
  readonly deployment?: string;
  readonly endpoint: string;
  readonly status: number;
  readonly outcome: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
  readonly latencyMs: number;
  readonly stream: boolean;
  readonly createdAt: number;
}

export interface DeploymentStatusView {
  readonly id: string;
  readonly state: string;
  readonly consecutiveFailures: number;
  readonly cooledUntil?: number;
  readonly inFlight: number;
  readonly timeToFirstByteMs?: number;
  readonly lastErrorKind?: string;
}

export interface ModelDeploymentsView {
  readonly model: string;
  readonly strategy: string;
  readonly deployments: readonly DeploymentStatusView[];
}
