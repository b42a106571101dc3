import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  sharedParsers,
  withRowHelpers,
  type Database,
  type SqlParam,
  type SqlQueryable,
} from './database.ts';

type PGliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;

function queryableOf(target: Pick<Transaction, 'query' | 'exec'>): SqlQueryable {
  return withRowHelpers(
    async <T>(sql: string, params?: readonly SqlParam[]) => {
      const result = await target.query<T>(sql, params ? [...params] : []);
      // PGlite reports affectedRows 0 for a SELECT; pg reports the rows returned.
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async (sql: string) => {
      await target.exec(sql);
    },
  );
}

export function pgliteDatabase(pglite: PGliteLike): Database {
  return {
    kind: 'pglite',
    ...queryableOf(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(queryableOf(tx))),
    close: () => pglite.close(),
  };
}

/** Opens (creating on first start) the embedded database; `dataDir` undefined = in memory. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: sharedParsers,
  });
}
