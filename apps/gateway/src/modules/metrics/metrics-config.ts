import { sha256Digest } from '../../config/schema-parts.js';
import type { ConfigFragment } from '../../config/config-fragment.js';

/** `GET /metrics` (Prometheus): the admin token always opens it; a metrics token may too. */
export interface MetricsConfig {
  token?: string;
  tokenHash?: string;
  keyLabels: boolean;
}

export interface MetricsSection {
  metrics: MetricsConfig;
}

export const metricsConfigFragment: ConfigFragment = {
  titles: { metrics: 'Metrics (Prometheus)' },
  properties: {
    metrics: {
      type: 'object',
      additionalProperties: false,
      default: {},
      not: { required: ['token', 'tokenHash'] },
      properties: {
        token: {
          type: 'string',
          minLength: 16,
          description:
            'A token that opens `GET /metrics` for scrapers (usually `"${MODELGATE_METRICS_TOKEN}"`), besides the admin token; only its digest is kept. Without it and without `admin`, `/metrics` is off ([observability.md](observability.md)).',
        },
        tokenHash: { ...sha256Digest, description: '`sha256:<hex>` of the metrics token: `modelgate keys hash` prints it.' },
        keyLabels: {
          type: 'boolean',
          description: 'Add a `key` label (the key id) to the request, token and cost series: one series per key, so off unless you have few keys.',
          default: false,
        },
      },
    },
  },
};
