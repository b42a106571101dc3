import { randomBytes } from 'node:crypto';
import {
  CONTENT_EDITOR_ROLES,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_PDF_MAX_BYTES,
  type Content,
  type ContentChange,
  type ContentFile,
  type ContentFileType,
  type ContentKind,
  type CreateContentBody,
  type EditorContent,
  type NoticeSummary,
  type SearchResult,
  SEARCH_RESULTS_MAX,
  contentDeepLink,
  type UpdateContentBody,
} from '@smartcare/contract/hospital-content';
import type { Page } from '@smartcare/contract/paging';
import { DomainError, FieldValidationError, forbidden, notFound } from '../../lib/errors.ts';
import type { Database, SqlQueryable } from '../../plugins/db/database.ts';
import type { PeopleService } from '../people/people.service.ts';
import { hospitalContentRepository as repo, type ContentFields } from './hospital-content.repository.ts';
// issue 14: the chatbot reads published FAQ entries and guides through this service
import type { KnowledgeEntryRow } from './hospital-content.repository.ts';
import { imageKeysOf, plainTextOf, sanitizeRichText } from './hospital-content.sanitize.ts';
import { createSearchIndex, searchColumnsOf } from './hospital-content.search.ts';

/** What the push of an important notice needs from the notification service (a failure is logged there). */
export interface ContentNotifier {
  notify(
    patientIdx: number,
    input: { kind: 'notice'; title: string; body: string; deepLink: string; data: Record<string, number> },
  ): Promise<unknown>;
}

export interface HospitalContentServiceDeps {
  db: Database;
  people: Pick<PeopleService, 'patient' | 'staff'>;
  /** issue 14 (decision 022): important notices are pushed through the notification service. */
  notifications?: ContentNotifier;
  /** Asks for a push pass now (a notice published now need not wait for the job's next tick). */
  kickPush?: () => void;
  /** A monotonic clock in ms (tests). */
  now?: () => number;
}

/**
 * How long a hospital's knowledge version, once read, is taken as current: the bot asked for
 * it on every patient message, one statement each on the real-time path (issue 11 point 7).
 * This process's own edits are seen at once; another process's within this time.
 */
export const KNOWLEDGE_VERSION_TTL_MS = 1000;

/** Who may write content (decision 022). */
const EDITOR_ROLES = new Set(CONTENT_EDITOR_ROLES);
/** Notices claimed per push pass. */
const PUSH_BATCH = 20;
/** A push shows the beginning of the notice. */
const PUSH_BODY_MAX = 120;

/**
 * The file's type from its first bytes; the declared name and type are not trusted (an
 * "image" that is really HTML or SVG would run script when opened).
 */
export function sniffFileType(data: Uint8Array): ContentFileType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
  const ascii = (text: string, at = 0) =>
    starts(
      [...text].map((c) => c.charCodeAt(0)),
      at,
    );
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii('GIF87a') || ascii('GIF89a')) return 'image/gif';
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'image/webp';
  if (ascii('%PDF-')) return 'application/pdf';
  return null;
}

/** Notices, FAQ entries and guides of each hospital: patients read, the hospital's editors write. */
export function createHospitalContentService(deps: HospitalContentServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => performance.now());
  const knowledgeVersions = new Map<number, { version: Promise<string>; readAt: number }>();
  const searchIndex = createSearchIndex({
    version: (hospitalIdx) => repo.searchVersion(db, hospitalIdx),
    entries: (hospitalIdx) => repo.searchEntries(db, hospitalIdx),
  });

  /** The patient's chosen hospital: every read is limited to it. */
  async function hospitalOfPatient(patientIdx: number): Promise<number> {
    const patient = await deps.people.patient(patientIdx);
    if (!patient) throw notFound('patient');
    if (patient.chosenHospitalIdx === null) throw new DomainError('HOSPITAL_NOT_CHOSEN');
    return patient.chosenHospitalIdx;
  }

  /** The editor's own hospital; other staff may not write. */
  async function hospitalOfEditor(staffIdx: number): Promise<number> {
    const staff = await deps.people.staff(staffIdx);
    if (!staff || !EDITOR_ROLES.has(staff.role)) throw forbidden();
    return staff.hospitalIdx;
  }

  async function editorView(tx: Pick<SqlQueryable, 'query'>, hospitalIdx: number, idx: number) {
    const content = await repo.findForEditor(tx, hospitalIdx, idx);
    if (!content) throw notFound('content');
    return content;
  }

  /** Sanitises the body and checks that files and related items are this hospital's. */
  async function fieldsOf(
    tx: Pick<SqlQueryable, 'query'>,
    hospitalIdx: number,
    input: Omit<CreateContentBody, 'kind'>,
    selfIdx: number | null,
  ): Promise<ContentFields> {
    const body = sanitizeRichText(input.body);
    const bodyText = plainTextOf(body);
    const errors: { field: string; message: 'required' | 'invalid' }[] = [];
    if (bodyText === '' && imageKeysOf(body).length === 0)
      errors.push({ field: 'body', message: 'required' });

    const keys = [
      ...new Set([
        ...(input.imageKey ? [input.imageKey] : []),
        ...input.attachmentKeys,
        ...imageKeysOf(body),
      ]),
    ];
    const own = new Set(await repo.ownFileKeys(tx, hospitalIdx, keys));
    if (input.imageKey && !own.has(input.imageKey)) errors.push({ field: 'imageKey', message: 'invalid' });
    if (input.attachmentKeys.some((k) => !own.has(k)))
      errors.push({ field: 'attachmentKeys', message: 'invalid' });
    if (imageKeysOf(body).some((k) => !own.has(k))) errors.push({ field: 'body', message: 'invalid' });

    const related = [...new Set(input.relatedIdxs)];
    const live = new Set(await repo.liveIdxs(tx, hospitalIdx, related));
    if (related.some((i) => i === selfIdx || !live.has(i)))
      errors.push({ field: 'relatedIdxs', message: 'invalid' });
    if (errors.length > 0) throw new FieldValidationError(errors);

    return {
      category: input.category,
      title: input.title,
      body,
      bodyText,
      pinned: input.pinned,
      important: input.important,
      sortOrder: input.sortOrder,
      keywords: input.keywords,
      relatedIdxs: related,
      search: searchColumnsOf(input.title, input.keywords, bodyText),
    };
  }

  /** One editor action in one transaction, recorded with who and when. */
  async function change(
    staffIdx: number,
    idx: number,
    action: ContentChange['action'],
    apply: (tx: SqlQueryable, hospitalIdx: number) => Promise<boolean>,
  ): Promise<EditorContent> {
    const hospitalIdx = await hospitalOfEditor(staffIdx);
    return db
      .transaction(async (tx) => {
        if (!(await apply(tx, hospitalIdx))) throw notFound('content');
        const content = await editorView(tx, hospitalIdx, idx);
        await repo.recordChange(tx, { hospitalIdx, contentIdx: idx, action, staffIdx, title: content.title });
        return content;
      })
      .then((content) => {
        knowledgeVersions.delete(hospitalIdx);
        if (content.important && content.status === 'PUBLISHED' && content.importantPushedAt === null)
          deps.kickPush?.();
        return content;
      });
  }

  return {
    // --- patients: published items of their chosen hospital ---

    async noticePage(patientIdx: number, pNum: number, pSize: number): Promise<Page<NoticeSummary>> {
      return repo.noticePage(db, await hospitalOfPatient(patientIdx), patientIdx, pNum, pSize);
    },

    /** A published notice, FAQ entry or guide; opening a notice marks it read. */
    async content(patientIdx: number, idx: number): Promise<Content> {
      const hospitalIdx = await hospitalOfPatient(patientIdx);
      const content = await repo.findVisible(db, hospitalIdx, idx);
      if (!content) throw notFound('content');
      if (content.kind === 'NOTICE') await repo.markRead(db, patientIdx, idx);
      return content;
    },

    async list(patientIdx: number, kind: 'FAQ' | 'GUIDE', category: string | undefined): Promise<Content[]> {
      return repo.listVisible(db, await hospitalOfPatient(patientIdx), kind, category);
    },

    /** Guides and FAQ entries for what the patient typed, best first (decision 019). */
    async search(patientIdx: number, keyword: string): Promise<SearchResult[]> {
      const hospitalIdx = await hospitalOfPatient(patientIdx);
      return searchIndex.search(hospitalIdx, keyword, SEARCH_RESULTS_MAX);
    },

    async categories(patientIdx: number, kind: 'FAQ' | 'GUIDE') {
      return repo.categories(db, await hospitalOfPatient(patientIdx), kind);
    },

    // --- editors: every item of their own hospital ---

    async editorList(staffIdx: number, kind: ContentKind, deleted: boolean): Promise<EditorContent[]> {
      return repo.listForEditor(db, await hospitalOfEditor(staffIdx), kind, deleted);
    },

    async editorContent(staffIdx: number, idx: number): Promise<EditorContent> {
      return editorView(db, await hospitalOfEditor(staffIdx), idx);
    },

    async changes(staffIdx: number, idx: number): Promise<ContentChange[]> {
      const hospitalIdx = await hospitalOfEditor(staffIdx);
      await editorView(db, hospitalIdx, idx);
      return repo.changes(db, hospitalIdx, idx);
    },

    /** A new item starts as a draft; publishing is its own step. */
    async create(staffIdx: number, input: CreateContentBody): Promise<EditorContent> {
      const hospitalIdx = await hospitalOfEditor(staffIdx);
      const created = await db.transaction(async (tx) => {
        const fields = await fieldsOf(tx, hospitalIdx, input, null);
        const idx = await repo.insert(tx, hospitalIdx, input.kind, fields, staffIdx);
        await repo.setFiles(tx, hospitalIdx, idx, input.imageKey, input.attachmentKeys);
        await repo.recordChange(tx, {
          hospitalIdx,
          contentIdx: idx,
          action: 'CREATE',
          staffIdx,
          title: fields.title,
        });
        return editorView(tx, hospitalIdx, idx);
      });
      knowledgeVersions.delete(hospitalIdx);
      return created;
    },

    async update(staffIdx: number, input: UpdateContentBody): Promise<EditorContent> {
      return change(staffIdx, input.idx, 'UPDATE', async (tx, hospitalIdx) => {
        const fields = await fieldsOf(tx, hospitalIdx, input, input.idx);
        if (!(await repo.update(tx, hospitalIdx, input.idx, fields, staffIdx))) return false;
        await repo.setFiles(tx, hospitalIdx, input.idx, input.imageKey, input.attachmentKeys);
        return true;
      });
    },

    /** Now, or at a later time (a time already past means now). */
    publish(staffIdx: number, idx: number, publishAt: string | undefined): Promise<EditorContent> {
      const at = publishAt && new Date(publishAt).getTime() > Date.now() ? new Date(publishAt) : null;
      return change(staffIdx, idx, 'PUBLISH', (tx, hospitalIdx) =>
        repo.publish(tx, hospitalIdx, idx, at, staffIdx),
      );
    },

    unpublish(staffIdx: number, idx: number): Promise<EditorContent> {
      return change(staffIdx, idx, 'UNPUBLISH', (tx, hospitalIdx) =>
        repo.unpublish(tx, hospitalIdx, idx, staffIdx),
      );
    },

    /** Hidden at once; restorable for CONTENT_RESTORE_DAYS. */
    remove(staffIdx: number, idx: number): Promise<EditorContent> {
      return change(staffIdx, idx, 'DELETE', (tx, hospitalIdx) =>
        repo.softDelete(tx, hospitalIdx, idx, staffIdx),
      );
    },

    restore(staffIdx: number, idx: number): Promise<EditorContent> {
      return change(staffIdx, idx, 'RESTORE', async (tx, hospitalIdx) => {
        const outcome = await repo.restore(tx, hospitalIdx, idx, staffIdx);
        if (outcome === 'expired') throw new DomainError('CONTENT_RESTORE_EXPIRED');
        return outcome === 'restored';
      });
    },

    /** An image or PDF for the hospital's content, checked by its bytes and size. */
    async uploadFile(staffIdx: number, fileName: string, dataBase64: string): Promise<ContentFile> {
      const hospitalIdx = await hospitalOfEditor(staffIdx);
      const data = new Uint8Array(Buffer.from(dataBase64, 'base64'));
      const contentType = sniffFileType(data);
      if (!contentType) throw new DomainError('CONTENT_FILE_TYPE_NOT_ALLOWED');
      const limit = contentType === 'application/pdf' ? CONTENT_PDF_MAX_BYTES : CONTENT_IMAGE_MAX_BYTES;
      if (data.byteLength > limit) throw new DomainError('CONTENT_FILE_TOO_LARGE');
      const fileKey = randomBytes(16).toString('hex');
      await repo.insertFile(db, { hospitalIdx, fileKey, fileName, contentType, data, staffIdx });
      return (await repo.fileByKey(db, fileKey))!;
    },

    fileForDownload(fileKey: string) {
      return repo.findFile(db, fileKey);
    },

    async purgeExpired(): Promise<number> {
      const purged = await repo.purgeExpired(db);
      knowledgeVersions.clear();
      return purged;
    },

    // --- issue 14: the chatbot's knowledge (decision 023) ---

    /**
     * Moves on every write to the hospital's content: one primary-key read, at most once per
     * KNOWLEDGE_VERSION_TTL_MS, and again at once after this process's own edit (once committed).
     */
    knowledgeVersion(hospitalIdx: number): Promise<string> {
      const at = now();
      const known = knowledgeVersions.get(hospitalIdx);
      if (known && at - known.readAt < KNOWLEDGE_VERSION_TTL_MS) return known.version;
      const version = repo.searchVersion(db, hospitalIdx);
      knowledgeVersions.set(hospitalIdx, { version, readAt: at });
      version.catch(() => {
        if (knowledgeVersions.get(hospitalIdx)?.version === version) knowledgeVersions.delete(hospitalIdx);
      });
      return version;
    },

    /** Published and scheduled FAQ entries and guides; the caller skips those not yet due. */
    knowledgeEntries(hospitalIdx: number): Promise<KnowledgeEntryRow[]> {
      return repo.knowledgeEntries(db, hospitalIdx);
    },

    /**
     * One pass of the important-notice push (decision 022): every important notice whose
     * publish time has come goes once to each patient who chose its hospital, as a 'notice'
     * notification (the patient's notice switch and quiet hours decide the push itself).
     * Safe with several processes: each patient is claimed by one row before the notify.
     * Answers how many patients were notified.
     */
    async pushDueImportant(): Promise<number> {
      const notifier = deps.notifications;
      if (!notifier) return 0;
      let notified = 0;
      for (const notice of await repo.dueImportantNotices(db, PUSH_BATCH)) {
        const patients = await repo.claimPushRecipients(db, notice.idx, notice.hospitalIdx);
        const body =
          notice.bodyText.length > PUSH_BODY_MAX
            ? `${notice.bodyText.slice(0, PUSH_BODY_MAX - 1)}…`
            : notice.bodyText;
        for (const patientIdx of patients) {
          await notifier.notify(patientIdx, {
            kind: 'notice',
            title: notice.title,
            body,
            deepLink: contentDeepLink(notice.idx),
            data: { contentIdx: notice.idx },
          });
          notified += 1;
        }
        await repo.markPushed(db, notice.idx);
      }
      return notified;
    },
  };
}

export type HospitalContentService = ReturnType<typeof createHospitalContentService>;
export type { KnowledgeEntryRow };
