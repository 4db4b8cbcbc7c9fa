import type { KeyView } from '../admin/key-view.js';
import type { UsageReport } from '../admin/usage-report.js';
import type { UsageAggregate } from '../usage/usage-record.js';

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const orDash = (value: unknown) => (value === undefined || value === null ? '-' : Array.isArray(value) ? value.join(',') : String(value));

export function formatKeyList(keys: readonly KeyView[]): string {
  return table(
    ['ID', 'PREFIX', 'NAME', 'OWNER', 'STATUS', 'RPM', 'TPM', 'CONC', 'BUDGET', 'EXPIRES'],
    keys.map((key) => [
      key.id, key.prefix, key.name, orDash(key.owner), key.status, orDash(key.rpm), orDash(key.tpm), orDash(key.maxConcurrent),
      key.budget ? `$${key.budget.usd}/${key.budget.period}` : '-', orDash(key.expiresAt),
    ]),
  );
}

export function formatKey(key: KeyView): string {
  return Object.entries(key)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => `${field.padEnd(14)}${typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : orDash(value)}`)
    .join('\n');
}

function formatAggregates(title: string, aggregates: readonly UsageAggregate[]): string {
  const rows = aggregates.map((row) => [row.group, String(row.requests), String(row.promptTokens), String(row.completionTokens), row.costUsd.toFixed(6)]);
  return `${title}\n${table(['GROUP', 'REQUESTS', 'PROMPT', 'COMPLETION', 'COST_USD'], rows)}`;
}

export function formatUsageReport(report: UsageReport): string {
  const records = table(
    ['TIME', 'REQUEST', 'KEY', 'MODEL', 'STATUS', 'OUTCOME', 'STAGE', 'PROMPT', 'COMPLETION', 'COST_USD', 'NOTE'],
    report.records.map((record) => [
      new Date(record.createdAt).toISOString(), record.requestId, record.keyId, orDash(record.model), String(record.status),
      orDash(record.outcome), orDash(record.stage), String(record.promptTokens), String(record.completionTokens), record.costUsd.toFixed(6),
      [record.stream ? 'stream' : '', record.tokensEstimated ? 'estimated' : ''].filter(Boolean).join(','),
    ]),
  );
  return [
    `Records (newest first)\n${records}`,
    formatAggregates('By key', report.aggregates.key),
    formatAggregates('By model', report.aggregates.model),
    formatAggregates('By day (UTC)', report.aggregates.day),
  ].join('\n\n');
}
