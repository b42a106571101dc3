import type { Page, PagingQuery } from '@smartcare/contract/paging';
import {
  QNA_PHOTO_MAX_BYTES,
  type CreateQuestionBody,
  type QnaPhoto,
  type QnaQuestion,
  type QnaQueueItem,
  type QnaStaffQuestion,
  type QnaStatus,
  type QnaSummary,
  type QnaTemplate,
} from '@smartcare/contract/qna';
import type { AppLocale } from '@smartcare/contract/result-codes';
import { AccessRefused, DomainError, notFound } from '../../lib/errors.ts';
import { PhotoRefused, processPhoto } from '../../lib/photo/photo.ts';
import type { PhotoStore } from '../../lib/photo/photo-store.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import { qnaRepository as repo, type StoredQuestion } from './qna.repository.ts';

export interface QnaServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'patient' | 'staff'>;
  audit: Pick<Audit, 'record'>;
  photos: PhotoStore;
  /** "Your question was answered" reaches the patient through the notification service (issue 12). */
  notifications: Pick<NotificationService, 'notify'>;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

/** The stored copy: at most 1600 px on the longer side, no metadata (decision 025). */
const PHOTO_LIMITS = { maxBytes: QNA_PHOTO_MAX_BYTES, maxEdge: 1600, quality: 80 };

const PHOTO_MESSAGES: Record<AppLocale, Record<'type' | 'size', string>> = {
  'kr-KO': {
    type: '사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다',
    size: `사진은 한 장에 ${QNA_PHOTO_MAX_BYTES / 1024 / 1024}MB 이하만 올릴 수 있습니다`,
  },
  'en-US': {
    type: 'Photos must be JPEG, PNG or HEIC',
    size: `Each photo can be at most ${QNA_PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  },
  'zh-CN': {
    type: '照片仅支持 JPEG、PNG、HEIC',
    size: `每张照片不能超过${QNA_PHOTO_MAX_BYTES / 1024 / 1024}MB`,
  },
};

export function createQnaService(deps: QnaServiceDeps) {
  const now = deps.now ?? (() => new Date());
  type Db = Pick<SqlQueryable, 'query'>;

  function summary(q: StoredQuestion): QnaSummary {
    return {
      idx: q.idx,
      category: q.category,
      title: q.title,
      status: q.status,
      photoCount: q.photoCount,
      askedAt: q.createdAt.toISOString(),
      waitingSince: q.waitingSince?.toISOString() ?? null,
      lastActivityAt: q.updatedAt.toISOString(),
    };
  }

  async function detail(db: Db, q: StoredQuestion): Promise<QnaQuestion> {
    const [photoIdxs, messages] = await Promise.all([repo.photoIdxs(db, q.idx), repo.messages(db, q.idx)]);
    return {
      ...summary(q),
      text: q.body,
      photoIdxs,
      messages: messages.map((m) => ({
        idx: m.idx,
        authorType: m.authorType,
        authorName: m.authorName,
        authorRole: m.authorRole,
        text: m.body,
        at: m.createdAt.toISOString(),
      })),
      assigneeIdx: q.assigneeIdx,
      assigneeName: q.assigneeName,
    };
  }

  async function staffDetail(db: Db, q: StoredQuestion): Promise<QnaStaffQuestion> {
    return { ...(await detail(db, q)), patientIdx: q.patientIdx, patientName: q.patientName };
  }

  /** The patient's own question; another patient's is as if none (audited). */
  async function own(db: Db, patientIdx: number, idx: number, forUpdate = false) {
    const q = await repo.find(db, idx, forUpdate);
    if (!q) throw notFound('question');
    if (q.patientIdx !== patientIdx) throw new AccessRefused(q.patientIdx, 'NOT_FOUND');
    return q;
  }

  async function staffOf(staffIdx: number, tx?: Db) {
    const staff = await deps.people.staff(staffIdx, tx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return staff;
  }

  /**
   * A question a staff member may see: asked of their hospital by one of its home-care patients
   * (decision 021). Anything else is as if none, audited with the patient.
   */
  async function ofHospital(db: Db, hospitalIdx: number, idx: number, forUpdate = false) {
    const q = await repo.find(db, idx, forUpdate);
    if (!q) throw notFound('question');
    if (q.hospitalIdx !== hospitalIdx || !(await repo.isHomeCarePatientOf(db, q.patientIdx, hospitalIdx)))
      throw new AccessRefused(q.patientIdx, 'NOT_FOUND');
    return q;
  }

  async function storePhotos(body: CreateQuestionBody, locale: AppLocale): Promise<string[]> {
    const keys: string[] = [];
    const photos = body.photos ?? [];
    // All are checked before any is stored: a refused photo leaves no file behind.
    const processed: Buffer[] = [];
    for (const [i, photo] of photos.entries()) {
      try {
        processed.push((await processPhoto(Buffer.from(photo.dataBase64, 'base64'), PHOTO_LIMITS)).jpeg);
      } catch (error) {
        if (!(error instanceof PhotoRefused)) throw error;
        throw new DomainError('QNA_INVALID', {
          fields: [
            {
              field: `photos.${i}`,
              message: PHOTO_MESSAGES[locale][error.reason === 'size' ? 'size' : 'type'],
            },
          ],
        });
      }
    }
    for (const jpeg of processed) keys.push(await deps.photos.put(jpeg));
    return keys;
  }

  async function removePhotos(keys: readonly string[]) {
    for (const key of keys) {
      try {
        await deps.photos.delete(key);
      } catch (error) {
        deps.log?.warn({ err: error }, 'qna photo could not be removed');
      }
    }
  }

  async function photoBytes(key: string): Promise<QnaPhoto> {
    const jpeg = await deps.photos.get(key);
    if (!jpeg) throw notFound('photo');
    return { contentType: 'image/jpeg', dataBase64: jpeg.toString('base64') };
  }

  return {
    async createQuestion(
      patientIdx: number,
      body: CreateQuestionBody,
      locale: AppLocale,
    ): Promise<QnaQuestion> {
      const patient = await deps.people.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      if (patient.chosenHospitalIdx === null) throw new DomainError('HOSPITAL_NOT_CHOSEN');
      const hospitalIdx = patient.chosenHospitalIdx;
      const resent = await repo.findByClientRequestId(deps.db, patientIdx, body.clientRequestId);
      if (resent !== null) return detail(deps.db, (await repo.find(deps.db, resent))!);
      const keys = await storePhotos(body, locale);
      try {
        const idx = await deps.db.transaction(async (tx) => {
          // Two sends racing with one request id: the second finds the first's row.
          const again = await repo.findByClientRequestId(tx, patientIdx, body.clientRequestId);
          if (again !== null) return { idx: again, created: false };
          const created = await repo.insertQuestion(tx, {
            patientIdx,
            hospitalIdx,
            category: body.category,
            title: body.title,
            body: body.text,
            clientRequestId: body.clientRequestId,
            at: now(),
          });
          for (const [position, key] of keys.entries()) await repo.insertPhoto(tx, created, position, key);
          await deps.audit.record(
            {
              actorType: 'patient',
              actorIdx: patientIdx,
              action: 'qna.question.create',
              patientIdx,
              detail: { idx: created, photos: keys.length },
            },
            tx,
          );
          return { idx: created, created: true };
        });
        if (!idx.created) await removePhotos(keys);
        return detail(deps.db, (await repo.find(deps.db, idx.idx))!);
      } catch (error) {
        await removePhotos(keys);
        // The unique (patient, request id) index: a concurrent twin won; return it.
        const twin = await repo.findByClientRequestId(deps.db, patientIdx, body.clientRequestId);
        if (twin !== null) return detail(deps.db, (await repo.find(deps.db, twin))!);
        throw error;
      }
    },

    async myQuestions(patientIdx: number, paging: PagingQuery): Promise<Page<QnaSummary>> {
      const { rows, totalCount } = await repo.pageOfPatient(deps.db, patientIdx, paging.pNum, paging.pSize);
      return { dataList: rows.map(summary), totalCount, pNum: paging.pNum, pSize: paging.pSize };
    },

    async question(patientIdx: number, idx: number): Promise<QnaQuestion> {
      const q = await own(deps.db, patientIdx, idx);
      await deps.audit.record({
        actorType: 'patient',
        actorIdx: patientIdx,
        action: 'qna.question.read',
        patientIdx,
        detail: { idx },
      });
      return detail(deps.db, q);
    },

    async photo(patientIdx: number, photoIdx: number): Promise<QnaPhoto> {
      const photo = await repo.photo(deps.db, photoIdx);
      if (!photo) throw notFound('photo');
      await own(deps.db, patientIdx, photo.questionIdx);
      return photoBytes(photo.key);
    },

    /** A follow-up: back to WAITING (a closed question stays closed). */
    async addFollowUp(patientIdx: number, idx: number, text: string): Promise<QnaQuestion> {
      return deps.db.transaction(async (tx) => {
        const q = await own(tx, patientIdx, idx, true);
        if (q.status === 'CLOSED') throw new DomainError('QNA_STATE');
        const patient = await deps.people.patient(patientIdx, tx);
        const at = now();
        await repo.insertMessage(tx, {
          questionIdx: idx,
          authorType: 'patient',
          staffIdx: null,
          authorName: patient?.name ?? q.patientName,
          authorRole: null,
          body: text,
          at,
        });
        await repo.setState(tx, idx, { status: 'WAITING', waitingSince: q.waitingSince ?? at, at });
        await deps.audit.record(
          { actorType: 'patient', actorIdx: patientIdx, action: 'qna.followUp', patientIdx, detail: { idx } },
          tx,
        );
        return detail(tx, (await repo.find(tx, idx))!);
      });
    },

    async close(patientIdx: number, idx: number): Promise<QnaQuestion> {
      return deps.db.transaction(async (tx) => {
        const q = await own(tx, patientIdx, idx, true);
        if (q.status === 'CLOSED') throw new DomainError('QNA_STATE');
        await repo.setState(tx, idx, { status: 'CLOSED', waitingSince: null, at: now() });
        await deps.audit.record(
          { actorType: 'patient', actorIdx: patientIdx, action: 'qna.close', patientIdx, detail: { idx } },
          tx,
        );
        return detail(tx, (await repo.find(tx, idx))!);
      });
    },

    async queue(staffIdx: number, status: QnaStatus | undefined): Promise<QnaQueueItem[]> {
      const staff = await staffOf(staffIdx);
      const rows = await repo.queue(deps.db, staff.hospitalIdx, status);
      return rows.map((q) => ({
        ...summary(q),
        patientIdx: q.patientIdx,
        patientName: q.patientName,
        assigneeIdx: q.assigneeIdx,
        assigneeName: q.assigneeName,
      }));
    },

    async patientQuestion(staffIdx: number, idx: number): Promise<QnaStaffQuestion> {
      const staff = await staffOf(staffIdx);
      const q = await ofHospital(deps.db, staff.hospitalIdx, idx);
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staffIdx,
        action: 'qna.question.read',
        patientIdx: q.patientIdx,
        detail: { idx },
      });
      return staffDetail(deps.db, q);
    },

    async patientPhoto(staffIdx: number, photoIdx: number): Promise<QnaPhoto> {
      const staff = await staffOf(staffIdx);
      const photo = await repo.photo(deps.db, photoIdx);
      if (!photo) throw notFound('photo');
      const q = await ofHospital(deps.db, staff.hospitalIdx, photo.questionIdx);
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staffIdx,
        action: 'qna.photo.read',
        patientIdx: q.patientIdx,
        detail: { idx: q.idx, photoIdx },
      });
      return photoBytes(photo.key);
    },

    async assignToMe(staffIdx: number, idx: number): Promise<QnaStaffQuestion> {
      const staff = await staffOf(staffIdx);
      return deps.db.transaction(async (tx) => {
        const q = await ofHospital(tx, staff.hospitalIdx, idx, true);
        if (q.status === 'CLOSED') throw new DomainError('QNA_STATE');
        await repo.assign(tx, idx, staffIdx, now());
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staffIdx,
            action: 'qna.assign',
            patientIdx: q.patientIdx,
            detail: { idx },
          },
          tx,
        );
        return staffDetail(tx, (await repo.find(tx, idx))!);
      });
    },

    /** An answer: WAITING or ANSWERED → ANSWERED; the patient is told. */
    async answer(staffIdx: number, idx: number, text: string): Promise<QnaStaffQuestion> {
      const staff = await staffOf(staffIdx);
      const answered = await deps.db.transaction(async (tx) => {
        const q = await ofHospital(tx, staff.hospitalIdx, idx, true);
        if (q.status === 'CLOSED') throw new DomainError('QNA_STATE');
        const at = now();
        await repo.insertMessage(tx, {
          questionIdx: idx,
          authorType: 'staff',
          staffIdx,
          authorName: staff.name,
          authorRole: staff.role,
          body: text,
          at,
        });
        await repo.setState(tx, idx, { status: 'ANSWERED', waitingSince: null, at });
        if (q.assigneeIdx === null) await repo.assign(tx, idx, staffIdx, at);
        await deps.audit.record(
          {
            actorType: 'staff',
            actorIdx: staffIdx,
            action: 'qna.answer',
            patientIdx: q.patientIdx,
            detail: { idx },
          },
          tx,
        );
        return staffDetail(tx, (await repo.find(tx, idx))!);
      });
      await deps.notifications.notify(answered.patientIdx, {
        kind: 'qna',
        title: '질문에 답변이 등록되었습니다',
        body: answered.title,
        deepLink: `#/homecare/qna/${answered.idx}`,
        data: { questionIdx: answered.idx, status: answered.status },
      });
      return answered;
    },

    async templates(staffIdx: number): Promise<QnaTemplate[]> {
      const staff = await staffOf(staffIdx);
      return (await repo.templates(deps.db, staff.hospitalIdx)).map(({ hospitalIdx: _h, ...t }) => t);
    },

    async createTemplate(staffIdx: number, body: { title: string; text: string }): Promise<QnaTemplate> {
      const staff = await staffOf(staffIdx);
      const { hospitalIdx: _h, ...t } = await repo.insertTemplate(deps.db, {
        hospitalIdx: staff.hospitalIdx,
        title: body.title,
        text: body.text,
        createdByName: staff.name,
      });
      return t;
    },

    async deleteTemplate(staffIdx: number, idx: number): Promise<void> {
      const staff = await staffOf(staffIdx);
      if (!(await repo.deleteTemplate(deps.db, staff.hospitalIdx, idx))) throw notFound('template');
    },

    /** Account deletion (PIPA): questions, messages and photo files. */
    async erasePatient(tx: SqlQueryable, patientIdx: number): Promise<void> {
      const keys = await repo.eraseOfPatient(tx, patientIdx);
      await removePhotos(keys);
    },
  };
}

export type QnaService = ReturnType<typeof createQnaService>;
