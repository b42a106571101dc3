import type { Terms, TermsCode, TermsSummary } from '@smartcare/contract/terms';
import { notFound } from '../../lib/errors.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { termsRepository as repo } from './terms.repository.ts';

export interface TermsServiceDeps {
  db: SqlQueryable;
}

/** The terms in effect, for the public terms calls and for consents (patient module). */
export function createTermsService({ db }: TermsServiceDeps) {
  return {
    /** The current version of each code; pass `tx` to read inside the caller's transaction. */
    listCurrent(tx?: SqlQueryable): Promise<TermsSummary[]> {
      return repo.listCurrent(tx ?? db);
    },
    async getCurrent(termsCode: TermsCode): Promise<Terms> {
      const found = await repo.findCurrent(db, termsCode);
      if (!found) throw notFound('terms');
      return found;
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
