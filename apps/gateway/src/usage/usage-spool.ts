import { randomBytes } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_DIRECTORY, PRIVATE_FILE } from '../runtime/private-file-modes.js';
import type { UsageRecord } from './usage-record.js';

/**
 * This process's life. Segments carry it beside the pid, so that a later process that got the same
 * pid (a container restarted: the gateway is pid 1 again) knows they are not its own.
 */
const PROCESS_LIFE = randomBytes(6).toString('hex');
const SEGMENT_NAME = /^usage-(\d+)-([0-9a-f]+)-(\d+)\.jsonl$/;
/** Process-wide, so that two gateways in one process never pick the same file name. */
let segmentSequence = 0;
/**
 * A segment is sealed at the first flush after it is this old: at most one new file a second under
 * load, since creating one can cost a millisecond (a batch is flushed every 200 records).
 */
const SEGMENT_ROTATION_MS = 1_000;

/** One spool file and how many of its records have yet to reach the store. */
export class SpoolSegment {
  /** Records appended to it (replayed: read from it). */
  appended = 0;
  /** Of those, the records not yet in the store (nor set aside). */
  outstanding = 0;
  /** No more records will be appended. */
  sealed = false;
  /** Kept on disk for the next start (its records were dropped from memory), whatever happens. */
  pinned = false;

  constructor(readonly path: string) {}
}

export interface ReplayedSegment {
  readonly segment: SpoolSegment;
  readonly records: UsageRecord[];
  /** Lines that were not JSON: the last record of a process killed in the middle of writing it. */
  readonly unreadableLines: number;
}

function ownerIsAlive(pid: number, life: string): boolean {
  if (pid === process.pid) return life === PROCESS_LIFE;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function writeFully(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
}

function readSegment(path: string): { records: UsageRecord[]; unreadableLines: number } {
  const records: UsageRecord[] = [];
  let unreadableLines = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.length === 0) continue;
    try {
      records.push(JSON.parse(line) as UsageRecord);
    } catch {
      unreadableLines += 1;
    }
  }
  return { records, unreadableLines };
}

/**
 * The usage records' crash-safe journal: each record is appended (one JSON line, a synchronous
 * write on a file descriptor opened once) before its answer's last byte leaves, so a process crash
 * cannot lose it: what was written belongs to the OS. With `fsync`, each append also waits for the
 * disk, so records survive power loss too. Segments are sealed at a flush (at most one a second)
 * and deleted once all their records are in the store; at start, the segments of processes that
 * are gone are claimed (renamed, so two processes never both take one) and replayed. Segment names
 * carry the owner's pid and life, so processes sharing the directory leave each other's live
 * segments alone.
 */
export class UsageSpool {
  private current: { readonly segment: SpoolSegment; readonly fd: number; readonly openedAt: number } | undefined;

  constructor(
    private readonly directory: string,
    private readonly fsync: boolean,
  ) {
    mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY });
  }

  /** Writes the record before returning; throws when the disk refuses (the segment is then sealed). */
  append(record: UsageRecord): SpoolSegment {
    const current = (this.current ??= this.openSegment());
    const line = Buffer.from(`${JSON.stringify(record)}\n`);
    try {
      const written = writeSync(current.fd, line);
      // A regular file takes the whole line at once; a short write (a full disk) is finished or throws.
      if (written < line.length) writeFully(current.fd, line.subarray(written));
      if (this.fsync) fdatasyncSync(current.fd);
    } catch (error) {
      // A torn line must stay the segment's last: the next record goes to a new one.
      this.seal();
      throw error;
    }
    current.segment.appended += 1;
    current.segment.outstanding += 1;
    return current.segment;
  }

  /**
   * At a flush: seals the segment being written once it is a second old, and, while records keep
   * coming, opens the next one here rather than in a request's `append`.
   */
  rotate(): void {
    const current = this.current;
    if (!current || Date.now() - current.openedAt < SEGMENT_ROTATION_MS) return;
    this.seal();
    if (current.segment.appended > 0) this.current = this.openSegment();
  }

  /** Closes the segment being written; records appended from now on go to a new one. */
  seal(): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    closeSync(current.fd);
    current.segment.sealed = true;
    this.deleteIfDone(current.segment);
  }

  /** One of the segment's records is in the store (or set aside): a sealed segment with none left goes. */
  release(segment: SpoolSegment): void {
    segment.outstanding -= 1;
    this.deleteIfDone(segment);
  }

  /** Takes over the segments of processes that are gone and reads their records, to be written again. */
  claimOrphans(): ReplayedSegment[] {
    const replayed: ReplayedSegment[] = [];
    for (const name of readdirSync(this.directory)) {
      const owner = SEGMENT_NAME.exec(name);
      if (!owner || ownerIsAlive(Number(owner[1]), owner[2]!)) continue;
      const segment = new SpoolSegment(this.nextPath());
      try {
        renameSync(join(this.directory, name), segment.path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process claimed it first
        throw error;
      }
      const { records, unreadableLines } = readSegment(segment.path);
      segment.sealed = true;
      segment.appended = records.length;
      segment.outstanding = records.length;
      this.deleteIfDone(segment);
      replayed.push({ segment, records, unreadableLines });
    }
    return replayed;
  }

  close(): void {
    this.seal();
  }

  private openSegment(): { segment: SpoolSegment; fd: number; openedAt: number } {
    const segment = new SpoolSegment(this.nextPath());
    return { segment, fd: openSync(segment.path, 'a', PRIVATE_FILE), openedAt: Date.now() };
  }

  private nextPath(): string {
    return join(this.directory, `usage-${process.pid}-${PROCESS_LIFE}-${++segmentSequence}.jsonl`);
  }

  private deleteIfDone(segment: SpoolSegment): void {
    if (!segment.sealed || segment.pinned || segment.outstanding > 0) return;
    try {
      unlinkSync(segment.path);
    } catch {
      // Left behind, it is replayed at the next start, and its records are skipped as already stored.
    }
  }
}
