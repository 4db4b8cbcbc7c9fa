import type { BenchReport } from './bench-report.js';

/** Targets that exited or measurements that could not finish. */
export function formatFailures(report: BenchReport): string[] {
  if (report.failures.length === 0) return [];
  return ['', 'FAILURES (figures missing from then on):', ...report.failures.map((entry) => `  ${entry.target}, during ${entry.during}: ${entry.message}`)];
}

/** The scenarios a target could not run, and why. */
export function formatSkipped(report: BenchReport): string[] {
  if (report.skipped.length === 0) return [];
  return ['', 'Skipped:', ...report.skipped.map((entry) => `  ${entry.target} / ${entry.scenario}: ${entry.reason}`)];
}
