import type { Terms, TermsCode, TermsSummary } from '@smartcare/contract/terms';
import type { SqlQueryable } from '../../plugins/db/database.ts';

interface TermsRow {
  termsCode: TermsCode;
  version: number;
  title: string;
  required: boolean;
  effectiveAt: Date;
  body: string;
}

const toSummary = (row: TermsRow): TermsSummary => ({
  termsCode: row.termsCode,
  version: row.version,
  title: row.title,
  required: row.required,
  effectiveAt: row.effectiveAt.toISOString(),
});

/** The current version of each terms code is its highest version already in effect. */
const CURRENT = `
  SELECT DISTINCT ON (terms_code) terms_code AS "termsCode", version, title, required,
         effective_at AS "effectiveAt", body
    FROM terms WHERE effective_at <= now()
   ORDER BY terms_code, version DESC`;

const ORDER = `array_position(ARRAY['SERVICE','PRIVACY','HEALTH_DATA','LOCATION','MARKETING','MARKETING_NIGHT'], "termsCode")`;

export const termsRepository = {
  async listCurrent(db: SqlQueryable): Promise<TermsSummary[]> {
    const { rows } = await db.query<TermsRow>(`SELECT * FROM (${CURRENT}) t ORDER BY ${ORDER}`);
    return rows.map(toSummary);
  },

  async findCurrent(db: SqlQueryable, termsCode: TermsCode): Promise<Terms | null> {
    const row = await db.maybeOne<TermsRow>(`SELECT * FROM (${CURRENT}) t WHERE "termsCode" = $1`, [
      termsCode,
    ]);
    return row ? { ...toSummary(row), body: row.body } : null;
  },

  async anyPublished(db: SqlQueryable): Promise<boolean> {
    return (await db.maybeOne('SELECT 1 FROM terms LIMIT 1')) !== null;
  },

  /** Idempotent: a version once published is never rewritten. */
  async publish(
    db: SqlQueryable,
    terms: {
      termsCode: TermsCode;
      version: number;
      title: string;
      body: string;
      required: boolean;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO terms (terms_code, version, title, body, required) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (terms_code, version) DO NOTHING`,
      [terms.termsCode, terms.version, terms.title, terms.body, terms.required],
    );
  },
};

export type TermsRepository = typeof termsRepository;
