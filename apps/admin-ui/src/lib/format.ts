/** Numbers as the UI shows them: grouped integers, dollars to the cent (or finer below a cent), ms. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return `$${value.toPrecision(2)}`;
  return `$${value.toFixed(2)}`;
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

export function formatMs(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '–' : `${Math.round(value).toLocaleString('en-US')} ms`;
}

/** `2025-01-10 12:00` in UTC, the zone the buckets are cut in. */
export function formatUtc(milliseconds: number): string {
  return new Date(milliseconds).toISOString().slice(0, 16).replace('T', ' ');
}
