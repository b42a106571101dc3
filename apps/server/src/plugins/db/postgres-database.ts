import pg from 'pg';
import {
  sharedParsers,
  withRowHelpers,
  type Database,
  type QueryResult,
  type SqlParam,
  type SqlQueryable,
} from './database.ts';

/** Per-pool type parsers, so no global pg state is changed for other code in the process. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    sharedParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Distinct statements given a name (and so kept prepared on each connection that runs
 * them). The SQL of the code is a few hundred texts at most; anything beyond runs unnamed,
 * so a bug that builds SQL from values cannot fill the server's memory.
 */
export const NAMED_STATEMENT_LIMIT = 1000;

/** The server refuses a prepared statement that no longer fits the schema, or no longer has it. */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);
const isStale = (error: unknown) => STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '');

/**
 * Statements outside transactions run as named prepared statements: node-postgres prepares
 * a name once per connection and afterwards only binds and executes it, so PostgreSQL
 * parses and plans such a statement once per connection instead of on every call (the
 * profile read: 100 µs instead of 200–500 µs on the bench machine). Needs a direct connection or a pooler that keeps prepared statements
 * (PgBouncer ≥ 1.21 with `max_prepared_statements`), docs/configuration.md.
 */
function statementNames() {
  const names = new Map<string, string>();
  return (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < NAMED_STATEMENT_LIMIT) {
      name = `sc${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
}

async function run<T>(
  client: pg.PoolClient,
  name: string | undefined,
  sql: string,
  params: readonly SqlParam[] | undefined,
): Promise<QueryResult<T>> {
  const values = params ? [...params] : undefined;
  const result = name
    ? await client.query({ name, text: sql, ...(values ? { values } : {}) })
    : await client.query(sql, values);
  return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
}

export function postgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const nameOf = statementNames();

  const topLevel = withRowHelpers(
    async <T>(sql: string, params?: readonly SqlParam[]) => {
      const client = await pool.connect();
      try {
        const result = await run<T>(client, nameOf(sql), sql, params);
        client.release();
        return result;
      } catch (error) {
        if (!isStale(error)) {
          client.release();
          throw error;
        }
        // Changed under it (a migration by a newer process): this connection's statement is
        // spoiled, so the connection goes, and the statement runs once more unprepared.
        client.release(error as Error);
        const fresh = await pool.connect();
        try {
          return await run<T>(fresh, undefined, sql, params);
        } finally {
          fresh.release();
        }
      }
    },
    async (sql: string) => {
      await pool.query(sql);
    },
  );

  // Transactions (the writes) stay unnamed: a statement spoiled by a schema change could
  // not be retried there without repeating the statements before it.
  const transaction: Database['transaction'] = async (fn) => {
    const client = await pool.connect();
    const scoped: SqlQueryable = withRowHelpers(
      <T>(sql: string, params?: readonly SqlParam[]) => run<T>(client, undefined, sql, params),
      async (sql: string) => {
        await client.query(sql);
      },
    );
    try {
      await client.query('BEGIN');
      const result = await fn(scoped);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  return {
    kind: 'postgres',
    ...topLevel,
    transaction,
    exclusive: (fn) => transaction((tx) => fn({ ...tx, locksRows: true })),
    close: () => pool.end(),
  };
}
