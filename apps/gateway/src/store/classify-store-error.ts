/**
 * Why a write failed: the data it carried (`record`: another attempt fails the same way), the store
 * itself (`outage`: down, unreachable, busy, full; worth retrying), or no telling (`unknown`).
 */
export type StoreErrorKind = 'record' | 'outage' | 'unknown';

/** Node's network and file-system failures: the store, not the data. */
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOSPC', 'EIO']);
/** Node's refusals to bind a value (a number too large, a wrong type). */
const BINDING_CODES = new Set(['ERR_INVALID_ARG_TYPE', 'ERR_INVALID_ARG_VALUE', 'ERR_OUT_OF_RANGE']);

// SQLite primary result codes (the low byte of node:sqlite's `errcode`).
const SQLITE_RECORD_CODES = new Set([18 /* TOOBIG */, 19 /* CONSTRAINT */, 20 /* MISMATCH */, 25 /* RANGE */]);
const SQLITE_OUTAGE_CODES = new Set([5 /* BUSY */, 6 /* LOCKED */, 7 /* NOMEM */, 8 /* READONLY */, 10 /* IOERR */, 13 /* FULL */, 14 /* CANTOPEN */, 15 /* PROTOCOL */]);

/** pg's own connection failures, which carry no code. */
const POOL_FAILURE = /connection terminated|after calling end on the pool|timeout exceeded when trying to connect/i;

export function classifyStoreError(error: unknown): StoreErrorKind {
  const { code, errcode, message } = (error ?? {}) as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // PostgreSQL SQLSTATE classes: 22 data exception, 23 integrity constraint violation;
    // 08 connection exception, 53 insufficient resources, 57 operator intervention (shutting down).
    if (/^2[23][0-9A-Z]{3}$/.test(code) || BINDING_CODES.has(code)) return 'record';
    if (/^(08|53|57)[0-9A-Z]{3}$/.test(code) || OUTAGE_CODES.has(code)) return 'outage';
  }
  if (typeof errcode === 'number') {
    if (SQLITE_RECORD_CODES.has(errcode & 0xff)) return 'record';
    if (SQLITE_OUTAGE_CODES.has(errcode & 0xff)) return 'outage';
  }
  if (typeof message === 'string' && POOL_FAILURE.test(message)) return 'outage';
  return 'unknown';
}
