import pg from 'pg';
import {
  sharedParsers,
  withRowHelpers,
  type Database,
  type SqlParam,
  type SqlQueryable,
} from './database.ts';

/** Per-pool type parsers, so no global pg state is changed for other code in the process. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    sharedParsers[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

function queryableOf(client: pg.Pool | pg.PoolClient): SqlQueryable {
  return withRowHelpers(
    async <T>(sql: string, params?: readonly SqlParam[]) => {
      const result = await client.query(sql, params ? [...params] : undefined);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async (sql: string) => {
      await client.query(sql);
    },
  );
}

export function postgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    ...queryableOf(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryableOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
