import type { Terms, TermsCode, TermsSummary } from '@smartcare/contract/terms';
import { notFound } from '../../lib/errors.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { createTermsRepository } from './terms.repository.ts';

export interface TermsServiceDeps {
  db: SqlQueryable;
}

/** The terms in effect, for the public terms calls and for consents (patient module). */
export function createTermsService({ db }: TermsServiceDeps) {
  const terms = createTermsRepository(db);
  return {
    /** The current version of each code; pass `tx` to read inside the caller's transaction. */
    listCurrent(tx?: SqlQueryable): Promise<TermsSummary[]> {
      return tx ? createTermsRepository(tx).listCurrent() : terms.listCurrent();
    },
    async getCurrent(termsCode: TermsCode): Promise<Terms> {
      const found = await terms.findCurrent(termsCode);
      if (!found) throw notFound('terms');
      return found;
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
