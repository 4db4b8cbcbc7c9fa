import { readFileSync } from 'node:fs';

// Linux /proc figures of another process. utime and stime are fields 14 and 15 of /proc/<pid>/stat,
// in clock ticks (USER_HZ, 100 on Linux); the command name (field 2) may hold spaces, so fields are
// counted from its closing parenthesis.

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in milliseconds. */
export function readCpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Resident set size in megabytes (VmRSS). */
export function readRssMegabytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}
