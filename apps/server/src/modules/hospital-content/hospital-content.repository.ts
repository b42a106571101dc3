import {
  CONTENT_RESTORE_DAYS,
  contentFileUrl,
  type Content,
  type ContentChange,
  type ContentFile,
  type ContentFileType,
  type ContentKind,
  type ContentStatus,
  type EditorContent,
  type NoticeSummary,
} from '@smartcare/contract/hospital-content';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import type { SearchColumns } from './hospital-content.search.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

type Timestamp = Date | string;
const iso = (value: Timestamp | null) => (value === null ? null : new Date(value).toISOString());

interface ContentRow {
  idx: number;
  hospital_idx: number;
  kind: ContentKind;
  category: string;
  title: string;
  body: string;
  pinned: boolean;
  sort_order: number;
  keywords: string;
  related_idxs: number[];
  publish_at: Timestamp | null;
  unpublished_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  status: ContentStatus;
  important: boolean;
  important_pushed_at: Timestamp | null;
  created_by_name: string | null;
  updated_by_name: string | null;
}

interface FileRow {
  file_key: string;
  content_idx: number | null;
  role: 'ATTACHMENT' | 'IMAGE' | null;
  file_name: string;
  content_type: ContentFileType;
  size_bytes: number;
}

const toFile = (row: FileRow): ContentFile => ({
  fileKey: row.file_key,
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  url: contentFileUrl(row.file_key),
});

/** Published: its time has come, and it is neither taken down nor deleted. */
export const VISIBLE = `c.deleted_at IS NULL AND c.unpublished_at IS NULL AND c.publish_at IS NOT NULL AND c.publish_at <= now()`;

const STATUS = `CASE WHEN c.deleted_at IS NOT NULL THEN 'DELETED'
  WHEN c.unpublished_at IS NOT NULL THEN 'UNPUBLISHED'
  WHEN c.publish_at IS NULL THEN 'DRAFT'
  WHEN c.publish_at > now() THEN 'SCHEDULED'
  ELSE 'PUBLISHED' END`;

const SELECT = `SELECT c.idx, c.hospital_idx, c.kind, c.category, c.title, c.body, c.pinned, c.sort_order, c.keywords,
       c.related_idxs, c.publish_at, c.unpublished_at, c.created_at, c.updated_at, c.deleted_at,
       ${STATUS} AS status, c.important, c.important_pushed_at, cb.name AS created_by_name, ub.name AS updated_by_name
  FROM hospital_contents c
  LEFT JOIN staff_users cb ON cb.idx = c.created_by
  LEFT JOIN staff_users ub ON ub.idx = c.updated_by`;

/** Items still restorable: deleted less than CONTENT_RESTORE_DAYS ago. */
const RESTORABLE = `c.deleted_at > now() - interval '${CONTENT_RESTORE_DAYS} days'`;

export interface ContentFields {
  category: string;
  title: string;
  body: string;
  bodyText: string;
  pinned: boolean;
  /** Notices only (ignored on other kinds); absent means false. */
  important?: boolean;
  sortOrder: number;
  keywords: string;
  relatedIdxs: number[];
  search: SearchColumns;
}

/** An important notice whose time has come and whose push has not been done. */
export interface DueImportantNotice {
  idx: number;
  hospitalIdx: number;
  title: string;
  bodyText: string;
}

/** One guide or FAQ entry as the search index holds it. */
export interface SearchEntry {
  idx: number;
  kind: 'FAQ' | 'GUIDE';
  category: string;
  title: string;
  bodyText: string;
  sortOrder: number;
  /** Epoch ms: a scheduled item is found from then on. */
  publishAt: number;
  search: SearchColumns;
}

export interface NewContentFile {
  hospitalIdx: number;
  fileKey: string;
  fileName: string;
  contentType: ContentFileType;
  data: Uint8Array;
  staffIdx: number | null;
}

const searchParams = (search: SearchColumns) =>
  [
    search.searchTitle,
    search.searchKeywords,
    search.searchBody,
    search.choseongTitle,
    search.choseongKeywords,
    search.searchGrams,
  ] as const;

async function filesOf(db: Sql, contentIdxs: number[]): Promise<Map<number, FileRow[]>> {
  const byContent = new Map<number, FileRow[]>();
  if (contentIdxs.length === 0) return byContent;
  const { rows } = await db.query<FileRow>(
    `SELECT file_key, content_idx, role, file_name, content_type, size_bytes
       FROM hospital_content_files WHERE content_idx = ANY($1::int[]) ORDER BY content_idx, position, idx`,
    [contentIdxs],
  );
  for (const row of rows) {
    const list = byContent.get(row.content_idx!) ?? [];
    list.push(row);
    byContent.set(row.content_idx!, list);
  }
  return byContent;
}

function toContent(row: ContentRow, files: FileRow[]): Content {
  const image = files.find((f) => f.role === 'IMAGE');
  return {
    idx: row.idx,
    kind: row.kind,
    category: row.category,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    sortOrder: row.sort_order,
    keywords: row.keywords,
    image: image ? toFile(image) : null,
    attachments: files.filter((f) => f.role === 'ATTACHMENT').map(toFile),
    relatedIdxs: row.related_idxs,
    publishedAt: iso(row.publish_at),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function toEditorContent(row: ContentRow, files: FileRow[]): EditorContent {
  const deletedAt = iso(row.deleted_at);
  return {
    ...toContent(row, files),
    status: row.status,
    publishAt: iso(row.publish_at),
    unpublishedAt: iso(row.unpublished_at),
    createdAt: new Date(row.created_at).toISOString(),
    createdByName: row.created_by_name,
    updatedByName: row.updated_by_name,
    deletedAt,
    restorableUntil: deletedAt
      ? new Date(new Date(deletedAt).getTime() + CONTENT_RESTORE_DAYS * 86_400_000).toISOString()
      : null,
    important: row.important,
    importantPushedAt: iso(row.important_pushed_at),
  };
}

async function withFiles<T>(db: Sql, rows: ContentRow[], map: (row: ContentRow, files: FileRow[]) => T) {
  const files = await filesOf(
    db,
    rows.map((r) => r.idx),
  );
  return rows.map((row) => map(row, files.get(row.idx) ?? []));
}

/** Hospital content storage, SQL only; every read and write names the hospital. */
export const hospitalContentRepository = {
  async insert(
    db: Sql,
    hospitalIdx: number,
    kind: ContentKind,
    fields: ContentFields,
    staffIdx: number | null,
  ) {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO hospital_contents
         (hospital_idx, kind, category, title, body, body_text, pinned, sort_order, keywords, related_idxs,
          created_by, updated_by, search_title, search_keywords, search_body, choseong_title, choseong_keywords,
          search_grams, important)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16, $17,
               $18 AND $2 = 'NOTICE') RETURNING idx`,
      [
        hospitalIdx,
        kind,
        fields.category,
        fields.title,
        fields.body,
        fields.bodyText,
        fields.pinned,
        fields.sortOrder,
        fields.keywords,
        fields.relatedIdxs,
        staffIdx,
        ...searchParams(fields.search),
        fields.important ?? false,
      ],
    );
    return rows[0]!.idx;
  },

  async update(db: Sql, hospitalIdx: number, idx: number, fields: ContentFields, staffIdx: number) {
    const { rowCount } = await db.query(
      `UPDATE hospital_contents SET category = $3, title = $4, body = $5, body_text = $6, pinned = $7,
              sort_order = $8, keywords = $9, related_idxs = $10, updated_by = $11, updated_at = now(),
              search_title = $12, search_keywords = $13, search_body = $14, choseong_title = $15,
              choseong_keywords = $16, search_grams = $17, important = ($18 AND kind = 'NOTICE')
        WHERE hospital_idx = $1 AND idx = $2 AND deleted_at IS NULL`,
      [
        hospitalIdx,
        idx,
        fields.category,
        fields.title,
        fields.body,
        fields.bodyText,
        fields.pinned,
        fields.sortOrder,
        fields.keywords,
        fields.relatedIdxs,
        staffIdx,
        ...searchParams(fields.search),
        fields.important ?? false,
      ],
    );
    return rowCount > 0;
  },

  /** Publishes at `publishAt` (null: now), bringing back an unpublished item. */
  async publish(db: Sql, hospitalIdx: number, idx: number, publishAt: Date | null, staffIdx: number) {
    const { rowCount } = await db.query(
      `UPDATE hospital_contents SET publish_at = COALESCE($3::timestamptz, now()), unpublished_at = NULL,
              updated_by = $4, updated_at = now()
        WHERE hospital_idx = $1 AND idx = $2 AND deleted_at IS NULL`,
      [hospitalIdx, idx, publishAt, staffIdx],
    );
    return rowCount > 0;
  },

  async unpublish(db: Sql, hospitalIdx: number, idx: number, staffIdx: number) {
    const { rowCount } = await db.query(
      `UPDATE hospital_contents SET unpublished_at = now(), updated_by = $3, updated_at = now()
        WHERE hospital_idx = $1 AND idx = $2 AND deleted_at IS NULL`,
      [hospitalIdx, idx, staffIdx],
    );
    return rowCount > 0;
  },

  async softDelete(db: Sql, hospitalIdx: number, idx: number, staffIdx: number) {
    const { rowCount } = await db.query(
      `UPDATE hospital_contents SET deleted_at = now(), deleted_by = $3, updated_by = $3, updated_at = now()
        WHERE hospital_idx = $1 AND idx = $2 AND deleted_at IS NULL`,
      [hospitalIdx, idx, staffIdx],
    );
    return rowCount > 0;
  },

  /** 'restored', 'expired' (deleted too long ago) or 'missing'. */
  async restore(db: Sql, hospitalIdx: number, idx: number, staffIdx: number) {
    const { rows } = await db.query<{ restorable: boolean }>(
      `SELECT ${RESTORABLE} AS restorable FROM hospital_contents c
        WHERE c.hospital_idx = $1 AND c.idx = $2 AND c.deleted_at IS NOT NULL FOR UPDATE`,
      [hospitalIdx, idx],
    );
    if (rows.length === 0) return 'missing' as const;
    if (!rows[0]!.restorable) return 'expired' as const;
    await db.query(
      `UPDATE hospital_contents SET deleted_at = NULL, deleted_by = NULL, updated_by = $3, updated_at = now()
        WHERE hospital_idx = $1 AND idx = $2`,
      [hospitalIdx, idx, staffIdx],
    );
    return 'restored' as const;
  },

  /** Removes items deleted more than CONTENT_RESTORE_DAYS ago (their files go with them). */
  async purgeExpired(db: Sql): Promise<number> {
    await db.query(
      `DELETE FROM hospital_content_files f USING hospital_contents c
        WHERE f.content_idx = c.idx AND c.deleted_at IS NOT NULL AND NOT (${RESTORABLE})`,
    );
    const { rows } = await db.query<{ hospital_idx: number }>(
      `DELETE FROM hospital_contents c WHERE c.deleted_at IS NOT NULL AND NOT (${RESTORABLE}) RETURNING hospital_idx`,
    );
    for (const hospitalIdx of new Set(rows.map((r) => r.hospital_idx))) {
      await hospitalContentRepository.bumpVersion(db, hospitalIdx);
    }
    return rows.length;
  },

  /** The item as its editor sees it (deleted items while restorable). */
  async findForEditor(db: Sql, hospitalIdx: number, idx: number): Promise<EditorContent | null> {
    const { rows } = await db.query<ContentRow>(
      `${SELECT} WHERE c.hospital_idx = $1 AND c.idx = $2 AND (c.deleted_at IS NULL OR ${RESTORABLE})`,
      [hospitalIdx, idx],
    );
    return (await withFiles(db, rows, toEditorContent))[0] ?? null;
  },

  async listForEditor(db: Sql, hospitalIdx: number, kind: ContentKind, deleted: boolean) {
    const { rows } = await db.query<ContentRow>(
      `${SELECT} WHERE c.hospital_idx = $1 AND c.kind = $2
          AND ${deleted ? `c.deleted_at IS NOT NULL AND ${RESTORABLE}` : 'c.deleted_at IS NULL'}
        ORDER BY ${deleted ? 'c.deleted_at DESC' : 'c.pinned DESC, c.sort_order, c.updated_at DESC'}, c.idx DESC`,
      [hospitalIdx, kind],
    );
    return withFiles(db, rows, toEditorContent);
  },

  /** Ids among `idxs` that are live items of the hospital (for related guides). */
  async liveIdxs(db: Sql, hospitalIdx: number, idxs: number[]): Promise<number[]> {
    if (idxs.length === 0) return [];
    const { rows } = await db.query<{ idx: number }>(
      `SELECT idx FROM hospital_contents WHERE hospital_idx = $1 AND idx = ANY($2::int[]) AND deleted_at IS NULL`,
      [hospitalIdx, idxs],
    );
    return rows.map((r) => r.idx);
  },

  // --- what patients see: published items of one hospital ---

  async findVisible(db: Sql, hospitalIdx: number, idx: number): Promise<Content | null> {
    const { rows } = await db.query<ContentRow>(
      `${SELECT} WHERE c.hospital_idx = $1 AND c.idx = $2 AND ${VISIBLE}`,
      [hospitalIdx, idx],
    );
    const content = (await withFiles(db, rows, toContent))[0];
    if (!content) return null;
    // Related items that are not published (any more) are left out.
    const related = await db.query<{ idx: number }>(
      `SELECT c.idx FROM hospital_contents c WHERE c.hospital_idx = $1 AND c.idx = ANY($2::int[]) AND ${VISIBLE}`,
      [hospitalIdx, content.relatedIdxs],
    );
    const visible = new Set(related.rows.map((r) => r.idx));
    return { ...content, relatedIdxs: content.relatedIdxs.filter((i) => visible.has(i)) };
  },

  /** Pinned first, then newest. */
  async noticePage(db: Sql, hospitalIdx: number, patientIdx: number, pNum: number, pSize: number) {
    const { rows } = await db.query<{
      idx: number;
      category: string;
      title: string;
      pinned: boolean;
      publish_at: Timestamp;
      has_attachments: boolean;
      read: boolean;
      total: number;
    }>(
      `SELECT c.idx, c.category, c.title, c.pinned, c.publish_at,
              EXISTS (SELECT 1 FROM hospital_content_files f WHERE f.content_idx = c.idx AND f.role = 'ATTACHMENT')
                AS has_attachments,
              EXISTS (SELECT 1 FROM hospital_content_reads r WHERE r.content_idx = c.idx AND r.patient_idx = $2)
                AS read,
              count(*) OVER ()::int AS total
         FROM hospital_contents c
        WHERE c.hospital_idx = $1 AND c.kind = 'NOTICE' AND ${VISIBLE}
        ORDER BY c.pinned DESC, c.publish_at DESC, c.idx DESC
        LIMIT $3 OFFSET $4`,
      [hospitalIdx, patientIdx, pSize, (pNum - 1) * pSize],
    );
    let totalCount = rows[0]?.total ?? 0;
    if (rows.length === 0 && pNum > 1) {
      const count = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM hospital_contents c
          WHERE c.hospital_idx = $1 AND c.kind = 'NOTICE' AND ${VISIBLE}`,
        [hospitalIdx],
      );
      totalCount = count.rows[0]!.total;
    }
    const dataList: NoticeSummary[] = rows.map((row) => ({
      idx: row.idx,
      category: row.category,
      title: row.title,
      pinned: row.pinned,
      publishedAt: new Date(row.publish_at).toISOString(),
      hasAttachments: row.has_attachments,
      read: row.read,
    }));
    return { dataList, totalCount, pNum, pSize };
  },

  async listVisible(db: Sql, hospitalIdx: number, kind: 'FAQ' | 'GUIDE', category: string | undefined) {
    const { rows } = await db.query<ContentRow>(
      `${SELECT} WHERE c.hospital_idx = $1 AND c.kind = $2 AND ${VISIBLE} AND ($3::text IS NULL OR c.category = $3)
        ORDER BY c.category, c.sort_order, c.idx`,
      [hospitalIdx, kind, category ?? null],
    );
    return withFiles(db, rows, toContent);
  },

  /** Categories in the order their first item is sorted, with how many published items each has. */
  async categories(db: Sql, hospitalIdx: number, kind: 'FAQ' | 'GUIDE') {
    const { rows } = await db.query<{ category: string; count: number }>(
      `SELECT c.category, count(*)::int AS count FROM hospital_contents c
        WHERE c.hospital_idx = $1 AND c.kind = $2 AND ${VISIBLE}
        GROUP BY c.category ORDER BY min(c.sort_order), c.category`,
      [hospitalIdx, kind],
    );
    return rows;
  },

  async markRead(db: Sql, patientIdx: number, contentIdx: number) {
    await db.query(
      `INSERT INTO hospital_content_reads (patient_idx, content_idx) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [patientIdx, contentIdx],
    );
  },

  async eraseReadsOfPatient(db: Sql, patientIdx: number) {
    await db.query(`DELETE FROM hospital_content_reads WHERE patient_idx = $1`, [patientIdx]);
    await db.query(`DELETE FROM hospital_content_pushes WHERE patient_idx = $1`, [patientIdx]);
  },

  /** Whether a hospital's search index is current: the counter every change moves (decision 019). */
  async searchVersion(db: Sql, hospitalIdx: number): Promise<string> {
    const { rows } = await db.query<{ version: number }>(
      `SELECT version FROM hospital_content_versions WHERE hospital_idx = $1`,
      [hospitalIdx],
    );
    return String(rows[0]?.version ?? 0);
  },

  /** Every write to a hospital's content calls this in its transaction. */
  async bumpVersion(db: Sql, hospitalIdx: number): Promise<void> {
    await db.query(
      `INSERT INTO hospital_content_versions (hospital_idx, version) VALUES ($1, 1)
       ON CONFLICT (hospital_idx) DO UPDATE SET version = hospital_content_versions.version + 1`,
      [hospitalIdx],
    );
  },

  /** The searchable guides and FAQ entries of a hospital: published or scheduled, with their keys. */
  async searchEntries(db: Sql, hospitalIdx: number): Promise<SearchEntry[]> {
    const { rows } = await db.query<{
      idx: number;
      kind: 'FAQ' | 'GUIDE';
      category: string;
      title: string;
      body_text: string;
      sort_order: number;
      publish_at: Timestamp;
      search_title: string;
      search_keywords: string;
      search_body: string;
      choseong_title: string;
      choseong_keywords: string;
      search_grams: string[];
    }>(
      `SELECT idx, kind, category, title, body_text, sort_order, publish_at, search_title, search_keywords,
              search_body, choseong_title, choseong_keywords, search_grams
         FROM hospital_contents c
        WHERE c.hospital_idx = $1 AND c.kind IN ('FAQ', 'GUIDE')
          AND c.deleted_at IS NULL AND c.unpublished_at IS NULL AND c.publish_at IS NOT NULL`,
      [hospitalIdx],
    );
    return rows.map((r) => ({
      idx: r.idx,
      kind: r.kind,
      category: r.category,
      title: r.title,
      bodyText: r.body_text,
      sortOrder: r.sort_order,
      publishAt: new Date(r.publish_at).getTime(),
      search: {
        searchTitle: r.search_title,
        searchKeywords: r.search_keywords,
        searchBody: r.search_body,
        choseongTitle: r.choseong_title,
        choseongKeywords: r.choseong_keywords,
        searchGrams: r.search_grams,
      },
    }));
  },

  // --- files ---

  async insertFile(db: Sql, file: NewContentFile) {
    await db.query(
      `INSERT INTO hospital_content_files (hospital_idx, file_key, file_name, content_type, size_bytes, data, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        file.hospitalIdx,
        file.fileKey,
        file.fileName,
        file.contentType,
        file.data.byteLength,
        file.data,
        file.staffIdx,
      ],
    );
  },

  /** Keys among `keys` that were uploaded to this hospital. */
  async ownFileKeys(db: Sql, hospitalIdx: number, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const { rows } = await db.query<{ file_key: string }>(
      `SELECT file_key FROM hospital_content_files WHERE hospital_idx = $1 AND file_key = ANY($2::text[])`,
      [hospitalIdx, keys],
    );
    return rows.map((r) => r.file_key);
  },

  /** The item's attachments and image become exactly these files (in this order). */
  async setFiles(
    db: Sql,
    hospitalIdx: number,
    contentIdx: number,
    imageKey: string | null,
    attachmentKeys: string[],
  ) {
    await db.query(
      `UPDATE hospital_content_files SET content_idx = NULL, role = NULL, position = 0
        WHERE hospital_idx = $1 AND content_idx = $2`,
      [hospitalIdx, contentIdx],
    );
    const keys = imageKey ? [imageKey, ...attachmentKeys] : attachmentKeys;
    for (const [position, key] of keys.entries()) {
      await db.query(
        `UPDATE hospital_content_files SET content_idx = $3, role = $4, position = $5
          WHERE hospital_idx = $1 AND file_key = $2`,
        [hospitalIdx, key, contentIdx, imageKey && position === 0 ? 'IMAGE' : 'ATTACHMENT', position],
      );
    }
  },

  async findFile(db: Sql, fileKey: string) {
    const { rows } = await db.query<{ file_name: string; content_type: ContentFileType; data: Uint8Array }>(
      `SELECT file_name, content_type, data FROM hospital_content_files WHERE file_key = $1`,
      [fileKey],
    );
    return rows[0] ?? null;
  },

  async fileByKey(db: Sql, fileKey: string): Promise<ContentFile | null> {
    const { rows } = await db.query<FileRow>(
      `SELECT file_key, content_idx, role, file_name, content_type, size_bytes FROM hospital_content_files WHERE file_key = $1`,
      [fileKey],
    );
    return rows[0] ? toFile(rows[0]) : null;
  },

  // --- who changed what ---

  async recordChange(
    db: Sql,
    change: {
      hospitalIdx: number;
      contentIdx: number;
      action: ContentChange['action'];
      staffIdx: number | null;
      title: string;
    },
  ) {
    await db.query(
      `INSERT INTO hospital_content_changes (hospital_idx, content_idx, action, staff_idx, title)
       VALUES ($1, $2, $3, $4, $5)`,
      [change.hospitalIdx, change.contentIdx, change.action, change.staffIdx, change.title],
    );
    // Every recorded change is one the search index must see.
    await hospitalContentRepository.bumpVersion(db, change.hospitalIdx);
  },

  async changes(db: Sql, hospitalIdx: number, contentIdx: number): Promise<ContentChange[]> {
    const { rows } = await db.query<{
      action: ContentChange['action'];
      staff_idx: number | null;
      staff_name: string | null;
      at: Timestamp;
    }>(
      `SELECT ch.action, ch.staff_idx, s.name AS staff_name, ch.at FROM hospital_content_changes ch
         LEFT JOIN staff_users s ON s.idx = ch.staff_idx
        WHERE ch.hospital_idx = $1 AND ch.content_idx = $2 ORDER BY ch.idx DESC`,
      [hospitalIdx, contentIdx],
    );
    return rows.map((r) => ({
      action: r.action,
      staffIdx: r.staff_idx,
      staffName: r.staff_name,
      at: new Date(r.at).toISOString(),
    }));
  },

  /** Whether the hospital already has content of its own (the demo seed runs once). */
  /** Important notices published (their time come) whose push is not done yet, oldest first. */
  async dueImportantNotices(db: Sql, limit: number): Promise<DueImportantNotice[]> {
    const { rows } = await db.query<DueImportantNotice>(
      `SELECT c.idx, c.hospital_idx AS "hospitalIdx", c.title, c.body_text AS "bodyText"
         FROM hospital_contents c
        WHERE c.kind = 'NOTICE' AND c.important AND c.important_pushed_at IS NULL AND ${VISIBLE}
        ORDER BY c.publish_at, c.idx LIMIT $1`,
      [limit],
    );
    return rows;
  },

  /**
   * Claims the notice's push for every patient who chose its hospital and has not had it:
   * one row per notice and patient (primary key), so of two processes claiming at once each
   * patient goes to exactly one. Answers the patients this caller must notify.
   */
  async claimPushRecipients(db: Sql, contentIdx: number, hospitalIdx: number): Promise<number[]> {
    const { rows } = await db.query<{ patient_idx: number }>(
      `INSERT INTO hospital_content_pushes (content_idx, patient_idx)
       SELECT $1, p.idx FROM patients p WHERE p.chose_hospital_idx = $2 AND p.deleted_at IS NULL
       ON CONFLICT (content_idx, patient_idx) DO NOTHING
       RETURNING patient_idx`,
      [contentIdx, hospitalIdx],
    );
    return rows.map((r) => r.patient_idx).sort((a, b) => a - b);
  },

  async markPushed(db: Sql, contentIdx: number): Promise<void> {
    await db.query(
      `UPDATE hospital_contents SET important_pushed_at = now() WHERE idx = $1 AND important_pushed_at IS NULL`,
      [contentIdx],
    );
  },

  async hasAny(db: Sql, hospitalIdx: number): Promise<boolean> {
    const { rows } = await db.query(`SELECT 1 FROM hospital_contents WHERE hospital_idx = $1 LIMIT 1`, [
      hospitalIdx,
    ]);
    return rows.length > 0;
  },

  /** Seeding: a published item as of `publishAt`. */
  async seedPublished(
    db: Sql,
    hospitalIdx: number,
    kind: ContentKind,
    fields: ContentFields,
    publishAt: Date,
  ) {
    const idx = await hospitalContentRepository.insert(db, hospitalIdx, kind, fields, null);
    await hospitalContentRepository.bumpVersion(db, hospitalIdx);
    await db.query(
      `UPDATE hospital_contents SET publish_at = $2, created_at = $2, updated_at = $2 WHERE idx = $1`,
      [idx, publishAt],
    );
    return idx;
  },

  /**
   * Issue 14 (decision 023): what the chatbot may answer from — published or scheduled FAQ
   * entries and guides of a hospital with their plain text and keywords; the caller leaves
   * out the scheduled ones until their time. Versioned by searchVersion.
   */
  async knowledgeEntries(db: Sql, hospitalIdx: number): Promise<KnowledgeEntryRow[]> {
    const { rows } = await db.query<{
      idx: number;
      kind: 'FAQ' | 'GUIDE';
      category: string;
      title: string;
      keywords: string;
      body_text: string;
      publish_at: Timestamp;
    }>(
      `SELECT idx, kind, category, title, keywords, body_text, publish_at
         FROM hospital_contents c
        WHERE c.hospital_idx = $1 AND c.kind IN ('FAQ', 'GUIDE')
          AND c.deleted_at IS NULL AND c.unpublished_at IS NULL AND c.publish_at IS NOT NULL
        ORDER BY c.kind, c.sort_order, c.idx`,
      [hospitalIdx],
    );
    return rows.map((r) => ({
      idx: r.idx,
      kind: r.kind,
      category: r.category,
      title: r.title,
      keywords: r.keywords,
      bodyText: r.body_text,
      publishAt: new Date(r.publish_at).getTime(),
    }));
  },
};

/** Issue 14: one FAQ entry or guide as the chatbot reads it. */
export interface KnowledgeEntryRow {
  idx: number;
  kind: 'FAQ' | 'GUIDE';
  category: string;
  title: string;
  /** Comma separated, as the editor wrote them. */
  keywords: string;
  bodyText: string;
  /** Epoch ms: a scheduled item is answered from then on. */
  publishAt: number;
}
