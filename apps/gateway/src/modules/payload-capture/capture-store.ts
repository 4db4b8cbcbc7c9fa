import type { SqlDatabase, SqlValue } from '../../store/sql-database.js';
import { sqlWhere } from '../../store/sql-where.js';
import type { CaptureFilter, CapturedExchange } from './captured-exchange.js';

const COLUMNS = 'id, request_id, key_id, model, endpoint, status, stream, created_at, duration_ms, first_byte_ms, attempts, request_body, answer_body, truncated, size_bytes';
const SUMMARY_COLUMNS = 'id, request_id, key_id, model, endpoint, status, stream, created_at, duration_ms, first_byte_ms, truncated, size_bytes';
/** Oldest captures looked at per statement while over the total size. */
const DELETE_BATCH = 200;

type Row = Record<string, SqlValue>;

function parseJson(text: SqlValue | undefined): unknown {
  return typeof text === 'string' ? (JSON.parse(text) as unknown) : undefined;
}

function toCapture(row: Row): CapturedExchange {
  return {
    id: String(row.id),
    requestId: String(row.request_id),
    keyId: String(row.key_id),
    model: (row.model as string | null) ?? undefined,
    endpoint: String(row.endpoint),
    status: Number(row.status),
    stream: Number(row.stream) === 1,
    createdAt: Number(row.created_at),
    durationMs: row.duration_ms === null ? undefined : Number(row.duration_ms),
    firstByteMs: row.first_byte_ms === null || row.first_byte_ms === undefined ? undefined : Number(row.first_byte_ms),
    attempts: parseJson(row.attempts) as unknown[] | undefined,
    request: parseJson(row.request_body),
    answer: parseJson(row.answer_body),
    truncated: Number(row.truncated) === 1,
    sizeBytes: Number(row.size_bytes),
  };
}

/** The captures table (store migration 8), on SQLite or PostgreSQL alike. */
export class CaptureStore {
  constructor(private readonly database: SqlDatabase) {}

  async insert(capture: CapturedExchange, requestText: string | undefined, answerText: string | undefined): Promise<void> {
    await this.database.run(`INSERT INTO captures (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`, [
      capture.id, capture.requestId, capture.keyId, capture.model ?? null, capture.endpoint, capture.status, capture.stream ? 1 : 0,
      capture.createdAt, capture.durationMs ?? null, capture.firstByteMs ?? null, capture.attempts ? JSON.stringify(capture.attempts) : null,
      requestText ?? null, answerText ?? null, capture.truncated ? 1 : 0, capture.sizeBytes,
    ]);
  }

  /** Newest first, without bodies. */
  async search(filter: CaptureFilter): Promise<CapturedExchange[]> {
    const where = sqlWhere([
      ['key_id = ?', filter.keyId],
      ['model = ?', filter.model],
      ['status = ?', filter.status],
      ['created_at >= ?', filter.from],
      ['created_at < ?', filter.to],
    ]);
    const rows = await this.database.all<Row>(`SELECT ${SUMMARY_COLUMNS} FROM captures ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ?`, [...where.parameters, filter.limit]);
    return rows.map(toCapture);
  }

  async find(id: string): Promise<CapturedExchange | undefined> {
    const [row] = await this.database.all<Row>(`SELECT ${COLUMNS} FROM captures WHERE id = ?`, [id]);
    return row ? toCapture(row) : undefined;
  }

  /** Deletes captures older than `before` (Unix milliseconds), then the oldest until the rest fit in `maxTotalBytes`. Returns how many went. */
  async sweep(before: number, maxTotalBytes: number): Promise<number> {
    let deleted = await this.database.run('DELETE FROM captures WHERE created_at < ?', [before]);
    for (let excess = (await this.totalBytes()) - maxTotalBytes; excess > 0; excess = (await this.totalBytes()) - maxTotalBytes) {
      const oldest = await this.database.all<Row>(`SELECT id, size_bytes FROM captures ORDER BY created_at ASC, id ASC LIMIT ${DELETE_BATCH}`);
      const going: string[] = [];
      for (const row of oldest) {
        if (excess <= 0) break;
        going.push(String(row.id));
        excess -= Number(row.size_bytes);
      }
      if (going.length === 0) return deleted;
      deleted += await this.database.run(`DELETE FROM captures WHERE id IN (${going.map(() => '?').join(', ')})`, going);
    }
    return deleted;
  }

  async totalBytes(): Promise<number> {
    const [total] = await this.database.all<{ total: SqlValue }>('SELECT COALESCE(SUM(size_bytes), 0) AS total FROM captures');
    return Number(total?.total ?? 0);
  }
}
