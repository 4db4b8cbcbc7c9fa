import { readdirSync, readFileSync } from 'node:fs';

// Linux /proc figures of another process. utime and stime are fields 14 and 15 of /proc/<pid>/stat,
// in clock ticks (USER_HZ, 100 on Linux); the command name (field 2) may hold spaces, so fields are
// counted from its closing parenthesis. Both readings are undefined once the process is gone.

const CLOCK_TICKS_PER_SECOND = 100;

function readProcFile(pid: number, name: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The process and its descendants now (a gateway with `server.workers` is a primary and its
 * workers): each thread's `children` file lists the processes it started.
 */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${tree[index]}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) {
      const children = readProcFile(tree[index]!, `task/${thread}/children`) ?? '';
      for (const child of children.split(' ')) if (child.trim()) tree.push(Number(child));
    }
  }
  return tree;
}

/** The sum of a reading over the process tree; undefined once the root is gone. */
function overTree(pid: number, read: (one: number) => number | undefined): number | undefined {
  const root = read(pid);
  if (root === undefined) return undefined;
  return processTree(pid)
    .slice(1)
    .reduce((sum, one) => sum + (read(one) ?? 0), root);
}

/** CPU time (user + system) the process and its descendants have used so far, in milliseconds (a descendant that exited meanwhile is not counted). */
export function readTreeCpuMilliseconds(pid: number): number | undefined {
  return overTree(pid, readCpuMilliseconds);
}

/** The resident set sizes of the process and its descendants, summed, in megabytes (pages they share count once per process). */
export function readTreeRssMegabytes(pid: number): number | undefined {
  return overTree(pid, readRssMegabytes);
}

/** CPU time (user + system) the process has used so far, in milliseconds. */
export function readCpuMilliseconds(pid: number): number | undefined {
  const stat = readProcFile(pid, 'stat');
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so utime (14) and stime (15) are at 11 and 12.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Resident set size in megabytes (VmRSS). */
export function readRssMegabytes(pid: number): number | undefined {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readProcFile(pid, 'status') ?? '');
  return match ? Number(match[1]) / 1024 : undefined;
}

/** The RSS of a process (and its descendants) that must still be running for the figure to mean anything. */
export function requireRssMegabytes(pid: number, when: string): number {
  const rss = readTreeRssMegabytes(pid);
  if (rss === undefined) throw new Error(`the process (pid ${pid}) had exited ${when}`);
  return rss;
}
