import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;
import type { KnowledgeEntry } from './chatbot-retrieval.ts';

/** The FAQ and guide entries (migration 050) the chatbot answers from. SQL only. */
export const chatbotRepository = {
  async listActiveEntries(db: Sql, hospitalIdx: number): Promise<KnowledgeEntry[]> {
    const { rows } = await db.query<KnowledgeEntry>(
      `SELECT idx, category, question, keywords, answer
           FROM faq_entries
          WHERE hospital_idx = $1 AND is_active
          ORDER BY sort_order, idx`,
      [hospitalIdx],
    );
    return rows;
  },

  /** Changes whenever an entry of the hospital is added, edited, switched off or removed. */
  async entriesVersion(db: Sql, hospitalIdx: number): Promise<string> {
    const { rows } = await db.query<{ version: string }>(
      `SELECT count(*)::int || ':' || coalesce(max(updated_at)::text, '') AS version
           FROM faq_entries
          WHERE hospital_idx = $1 AND is_active`,
      [hospitalIdx],
    );
    return rows[0]?.version ?? '';
  },
};
