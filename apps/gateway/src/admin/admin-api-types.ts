// The shapes of the admin API's answers (/admin/*), gathered for its readers: the admin UI imports
// them type-only as `@modelgate/gateway/admin-types` instead of keeping a copy that could drift.
// Types only: importing this file runs no gateway code.

import type { buildUsageSeries } from './usage-report.js';

/** `GET /admin/keys`, `/admin/spend` and `/admin/deployments` answer a list. */
export interface AdminList<Item> {
  readonly object: 'list';
  readonly data: Item[];
}

export type { KeyView } from './key-view.js';
export type { KeyStatus } from './key-status.js';
export type { IssuedKey } from './key-service.js';
export type { KeySpend } from './key-spend.js';
export type { UsageReport } from './usage-report.js';
/** `GET /admin/usage/series`: the bucket size and split it used, and one point per bucket and group. */
export type UsageSeries = Awaited<ReturnType<typeof buildUsageSeries>>;
export type { UsageAttempt, UsageRecord, UsageSeriesPoint } from '../usage/usage-record.js';
export type { ModelDeployments } from '../deployments/deployment-report.js';
/** `GET /admin/captures` (a list without bodies) and `GET /admin/captures/:id` (payload capture). */
export type { CapturedExchange } from '../modules/payload-capture/captured-exchange.js';
export type { DeploymentStatus } from '@modelgate/pipeline';
