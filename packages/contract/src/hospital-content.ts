import { z } from 'zod';
import { API_PREFIX } from './api-paths.ts';
import { pagingQuerySchema } from './paging.ts';
import { int4Id, int4Query, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * The hospital's own information for patients (issue 14): notices, FAQ entries and guides.
 * One idx space for the three kinds, so `/hospital/news/{idx}` opens a notice or an FAQ entry
 * and the chatbot can link any of them.
 */
export const CONTENT_KINDS = ['NOTICE', 'FAQ', 'GUIDE'] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKindSchema>;

/**
 * Where an item is in its life: DRAFT (never published), SCHEDULED (publish time ahead),
 * PUBLISHED, UNPUBLISHED (taken down by an editor), DELETED (restorable for
 * CONTENT_RESTORE_DAYS, then purged).
 */
export const CONTENT_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'UNPUBLISHED', 'DELETED'] as const;
export const contentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof contentStatusSchema>;

export const CONTENT_RESTORE_DAYS = 30;

/** Uploads: types are recognised from the file's bytes, never from its name or declared type. */
export const CONTENT_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
] as const;
export const contentFileTypeSchema = z.enum(CONTENT_FILE_TYPES);
export type ContentFileType = z.infer<typeof contentFileTypeSchema>;
export const CONTENT_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const CONTENT_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const CONTENT_ATTACHMENTS_MAX = 5;

/**
 * A stored file's bytes: not a JSON call (no envelope), so it has no entry in the call table.
 * No login either: `<img src>` sends no bearer token, so the key (128 random bits) is the
 * only way to reach a file.
 */
export const CONTENT_FILE_PATH = '/hospitalContent/getFile';
/** A stored file's address; the only image source the rich-text allow-list accepts. */
export const contentFileUrl = (fileKey: string) => `${API_PREFIX}${CONTENT_FILE_PATH}?key=${fileKey}`;
export const CONTENT_FILE_KEY_PATTERN = /^[0-9a-f]{32}$/;

export const TITLE_MAX = 200;
export const CATEGORY_MAX = 30;
export const BODY_MAX = 50_000;
export const KEYWORDS_MAX = 500;

const title = () => safeText().trim().min(1, V.required).max(TITLE_MAX, V.invalid);
const category = () => safeText().trim().min(1, V.required).max(CATEGORY_MAX, V.invalid);
const fileKey = () => z.string().regex(CONTENT_FILE_KEY_PATTERN, V.invalid);

export const contentFileSchema = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  contentType: contentFileTypeSchema,
  sizeBytes: z.number().int(),
  url: z.string(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

/** What a patient sees: published items of their chosen hospital only. */
export const contentSchema = z.object({
  idx: z.number().int(),
  kind: contentKindSchema,
  category: z.string(),
  title: z.string(),
  /** Sanitised rich text (allow-listed tags only). */
  body: z.string(),
  pinned: z.boolean(),
  sortOrder: z.number().int(),
  keywords: z.string(),
  image: contentFileSchema.nullable(),
  attachments: z.array(contentFileSchema),
  relatedIdxs: z.array(z.number().int()),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Content = z.infer<typeof contentSchema>;

export const noticeSummarySchema = z.object({
  idx: z.number().int(),
  category: z.string(),
  title: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
  hasAttachments: z.boolean(),
  /** The patient opened it (`getContent`). */
  read: z.boolean(),
});
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;

export const noticeListQuerySchema = pagingQuerySchema;
export const contentQuerySchema = z.strictObject({ idx: int4Query().positive() });
export const faqListQuerySchema = z.strictObject({ category: category().optional() });
export const guideListQuerySchema = z.strictObject({ category: category().optional() });

export const contentCategorySchema = z.object({ category: z.string(), count: z.number().int() });
export const contentCategoriesQuerySchema = z.strictObject({ kind: z.enum(['FAQ', 'GUIDE']) });

/** The editor's view: every item of the staff member's hospital, with its state and history. */
export const editorContentSchema = contentSchema.extend({
  status: contentStatusSchema,
  publishAt: z.string().nullable(),
  unpublishedAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** The last moment a deleted item can still be restored. */
  restorableUntil: z.string().nullable(),
  /** A notice pushed to the hospital's patients when it is published (decision 022). */
  important: z.boolean(),
  /** When that push went out (once per notice); null while it has not. */
  importantPushedAt: z.string().nullable(),
});
export type EditorContent = z.infer<typeof editorContentSchema>;

export const editorListQuerySchema = z.strictObject({
  kind: contentKindSchema,
  /** Deleted items still restorable are listed only when asked. */
  deleted: z.enum(['true', 'false']).default('false'),
});

const editableFields = {
  category: category(),
  title: title(),
  body: safeText().max(BODY_MAX, V.invalid),
  pinned: z.boolean().default(false),
  /** Notices only: pushed to the hospital's patients once, when published (decision 022). */
  important: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(100_000).default(0),
  keywords: safeText().trim().max(KEYWORDS_MAX, V.invalid).default(''),
  imageKey: fileKey().nullable().default(null),
  attachmentKeys: z.array(fileKey()).max(CONTENT_ATTACHMENTS_MAX, V.invalid).default([]),
  relatedIdxs: z.array(int4Id()).max(10, V.invalid).default([]),
};

export const createContentBodySchema = z.strictObject({ kind: contentKindSchema, ...editableFields });
export type CreateContentBody = z.infer<typeof createContentBodySchema>;
export const updateContentBodySchema = z.strictObject({ idx: int4Id(), ...editableFields });
export type UpdateContentBody = z.infer<typeof updateContentBodySchema>;

/** Publish now (no publishAt) or at a later time (ISO 8601 with offset). */
export const publishContentBodySchema = z.strictObject({
  idx: int4Id(),
  publishAt: z.iso.datetime({ offset: true }).optional(),
});
export const contentIdxBodySchema = z.strictObject({ idx: int4Id() });

export const contentChangeSchema = z.object({
  action: z.enum(['CREATE', 'UPDATE', 'PUBLISH', 'UNPUBLISH', 'DELETE', 'RESTORE']),
  staffIdx: z.number().int().nullable(),
  staffName: z.string().nullable(),
  at: z.string(),
});
export type ContentChange = z.infer<typeof contentChangeSchema>;

/** Base64 in JSON: the limit is checked on the decoded bytes. */
export const uploadFileBodySchema = z.strictObject({
  fileName: safeText().trim().min(1, V.required).max(200, V.invalid),
  dataBase64: z
    .string()
    .max(Math.ceil(CONTENT_PDF_MAX_BYTES / 3) * 4 + 4, V.invalid)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, V.invalid),
});
export const fileQuerySchema = z.strictObject({ key: fileKey() });

/** Search over published guides and FAQ entries (decision 019). */
export const SEARCH_KEYWORD_MAX = 50;
export const SEARCH_RESULTS_MAX = 30;
export const searchQuerySchema = z.strictObject({
  keyword: safeText().trim().min(1, V.required).max(SEARCH_KEYWORD_MAX, V.invalid),
});
export const SEARCH_MATCHES = ['TITLE', 'CHOSEONG', 'KEYWORD', 'BODY', 'TYPO'] as const;
const range = z.tuple([z.number().int(), z.number().int()]);
export const searchResultSchema = z.object({
  idx: z.number().int(),
  kind: z.enum(['FAQ', 'GUIDE']),
  category: z.string(),
  title: z.string(),
  /** Plain text around the first match in the body (or its beginning). */
  snippet: z.string(),
  /** How it matched: the title (as typed, spacing ignored), its 초성, a keyword, the body, or a near spelling. */
  matchedBy: z.enum(SEARCH_MATCHES),
  /** [start, end) character ranges to highlight. */
  titleHighlights: z.array(range),
  snippetHighlights: z.array(range),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

// issue 14 — staff content editor (decision 022)
/** Staff roles that write the hospital's content in the console (decision 022). */
export const CONTENT_EDITOR_ROLES: readonly string[] = ['ADMIN'];
/** The patient app's route that opens one notice or FAQ entry (a push's deep link). */
export const contentDeepLink = (idx: number) => `#/hospital/news/${idx}`;
