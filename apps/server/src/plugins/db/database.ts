/**
 * The one storage interface every repository uses. Two adapters implement it (PGlite in
 * DATA_DIR and node-postgres), so the same SQL and migrations run on both (brief §1).
 */
export type SqlParam = string | number | boolean | null | Date | string[] | number[] | Uint8Array;

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface SqlQueryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<QueryResult<T>>;
  /** Exactly one row, or throws: use when absence is a bug (e.g. INSERT … RETURNING). */
  one<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T>;
  maybeOne<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T | null>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends SqlQueryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Every multi-statement unit goes through here. PGlite is one session: hand-made BEGIN
   * from two concurrent callers would interleave and silently lose updates.
   */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /**
   * Reads, then at most ONE writing statement, with nothing else of this database in
   * between: cheaper than a transaction where it can be. PGlite has one session, so holding
   * it is enough: no BEGIN, no COMMIT, no row locks (issue 11 point 7: with them a chat
   * message took four trips into the database instead of two). On PostgreSQL it is a
   * transaction, and `locksRows` tells the reads to lock the rows the write will change.
   */
  exclusive<T>(fn: (q: ExclusiveQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type ExclusiveQueryable = Pick<SqlQueryable, 'query' | 'one' | 'maybeOne'> & {
  /** Reads must lock (FOR UPDATE) what the write will change: other sessions exist. */
  readonly locksRows: boolean;
};

export function withRowHelpers(
  query: <T>(sql: string, params?: readonly SqlParam[]) => Promise<QueryResult<T>>,
  exec: (sql: string) => Promise<void>,
): SqlQueryable {
  return {
    query: query as SqlQueryable['query'],
    exec,
    async one<T>(sql: string, params?: readonly SqlParam[]) {
      const { rows } = await query<T>(sql, params);
      if (rows.length !== 1) throw new Error(`Expected one row, got ${rows.length}`);
      return rows[0] as T;
    },
    async maybeOne<T>(sql: string, params?: readonly SqlParam[]) {
      const { rows } = await query<T>(sql, params);
      return rows[0] ?? null;
    },
  };
}

/** int8 (counts, sums) arrive as number on both adapters; dates stay 'YYYY-MM-DD' text. */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;
export const sharedParsers: Record<number, (value: string) => unknown> = {
  [INT8_OID]: (value) => Number(value),
  [NUMERIC_OID]: (value) => Number(value),
  [DATE_OID]: (value) => value,
};
