import { randomInt } from 'node:crypto';
import {
  DOCUMENT_TRANSITIONS,
  DOCUMENT_TYPE_KO,
  documentFeeOf,
  maskName,
  VERIFY_CODE_PATTERN,
  type CreateDocumentRequestBody,
  type DocumentFees,
  type DocumentFile,
  type DocumentQueueQuery,
  type DocumentRequest,
  type DocumentStatus,
  type DocumentVerification,
} from '@smartcare/contract/document-request';
import { AccessRefused, DomainError } from '../../lib/errors.ts';
import type { Audit } from '../../plugins/audit.plugin.ts';
import type { Database, SqlQueryable } from '../../plugins/db/db.plugin.ts';
import type { HospitalService } from '../hospital/hospital.service.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import type { StaffDeskService } from '../staff-desk/staff-desk.service.ts';
import { kstDate, renderCertificate } from './document-pdf.ts';
import { documentRequestRepository as repo, type StoredRequest } from './document-request.repository.ts';

export interface DocumentRequestServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  people: Pick<PeopleService, 'patient' | 'staff'>;
  hospitals: Pick<HospitalService, 'find'>;
  audit: Pick<Audit, 'record'>;
  /** 발급 완료 / 반려 (and 검토 중) reach the patient through the notification service (issue 12). */
  notifications: Pick<NotificationService, 'notify'>;
  /** The hospital's staff see their queue change live (`staffDesk/{hospitalIdx}`, decision 031). */
  desk: Pick<StaffDeskService, 'changed'>;
  now?: () => Date;
}

/** Certificate copies are kept 3 years (Medical Service Act enforcement rule art. 15, domain.md). */
export const CERTIFICATE_KEEP_YEARS = 3;

/** Crockford base 32: no I, L, O, U, so a code read aloud or typed is not misread. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 random characters = 80 bits, looked up, never derived from the document (decision 026). */
export function newVerifyCode(): string {
  const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** The patient's view: a request without the server-only fields. */
function forPatient(request: StoredRequest): DocumentRequest {
  const { patientIdx: _p, patientBirthDate: _b, ...rest } = request;
  return rest;
}

const STATUS_KO: Record<DocumentStatus, string> = {
  REQUESTED: '신청',
  IN_REVIEW: '검토 중',
  ISSUED: '발급 완료',
  REJECTED: '반려',
  CANCELLED: '취소',
};

export function createDocumentRequestService(deps: DocumentRequestServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function staffOf(staffIdx: number) {
    const staff = await deps.people.staff(staffIdx);
    if (!staff) throw new DomainError('NOT_LOGGED_IN');
    return staff;
  }

  function refuseUnless(request: StoredRequest, next: DocumentStatus) {
    if (!DOCUMENT_TRANSITIONS[request.status].includes(next)) throw new DomainError('DOCUMENT_REQUEST_STATE');
  }

  type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

  /** Loads a request for a staff action: their hospital's only (another's is as if none). */
  async function ofHospital(
    db: Pick<SqlQueryable, 'query'>,
    idx: number,
    hospitalIdx: number,
    forUpdate = true,
  ) {
    const request = await repo.find(db, idx, forUpdate);
    if (!request) throw new DomainError('NOT_FOUND');
    if (request.hospitalIdx !== hospitalIdx) throw new AccessRefused(request.patientIdx, 'NOT_FOUND');
    return request;
  }

  /** Loads the patient's own request (another patient's is as if none, audited). */
  async function own(db: Pick<SqlQueryable, 'query'>, patientIdx: number, idx: number, forUpdate = false) {
    const request = await repo.find(db, idx, forUpdate);
    if (!request) throw new DomainError('NOT_FOUND');
    if (request.patientIdx !== patientIdx) throw new AccessRefused(request.patientIdx, 'NOT_FOUND');
    return request;
  }

  async function tell(request: StoredRequest, title: string, body: string) {
    if (request.patientIdx === null) return;
    await deps.notifications.notify(request.patientIdx, {
      kind: 'document',
      title,
      body,
      deepLink: `#/hospital/documentrequest/${request.idx}`,
      data: { requestIdx: request.idx, status: request.status },
    });
  }

  /** A staff move of the state machine, its timeline entry and audit in one transaction. */
  async function staffMove(
    staffIdx: number,
    idx: number,
    next: DocumentStatus,
    extra: { note?: string; before?: (tx: Tx, request: StoredRequest) => Promise<void> } = {},
  ): Promise<StoredRequest> {
    const staff = await staffOf(staffIdx);
    const at = now();
    const moved = await deps.db.transaction(async (tx) => {
      const request = await ofHospital(tx, idx, staff.hospitalIdx);
      refuseUnless(request, next);
      await extra.before?.(tx, request);
      await repo.setStatus(tx, idx, next, at, extra.note ?? '');
      await repo.addEvent(tx, idx, {
        status: next,
        actorType: 'staff',
        actorIdx: staff.idx,
        actorName: staff.name,
        note: extra.note ?? '',
        at,
      });
      await deps.audit.record(
        {
          actorType: 'staff',
          actorIdx: staff.idx,
          action: `documentRequest.${next.toLowerCase()}`,
          patientIdx: request.patientIdx,
          detail: { requestIdx: idx, hospitalIdx: staff.hospitalIdx },
        },
        tx,
      );
      return (await repo.find(tx, idx))!;
    });
    await deps.desk.changed(moved.hospitalIdx, 'documentRequest', moved.idx);
    return moved;
  }

  return {
    /** The fee table of the patient's chosen hospital, shown before submitting. */
    async fees(patientIdx: number): Promise<DocumentFees> {
      const patient = await deps.people.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      if (patient.chosenHospitalIdx === null) throw new DomainError('HOSPITAL_NOT_CHOSEN');
      const hospital = await deps.hospitals.find(patient.chosenHospitalIdx);
      if (!hospital) throw new DomainError('HOSPITAL_NOT_CHOSEN');
      return {
        hospitalIdx: hospital.idx,
        hospitalName: hospital.name,
        fees: await repo.fees(deps.db, hospital.idx),
      };
    },

    /** A new request to the chosen hospital; a resend with the same key returns the first. */
    async create(patientIdx: number, body: CreateDocumentRequestBody): Promise<DocumentRequest> {
      const patient = await deps.people.patient(patientIdx);
      if (!patient) throw new DomainError('NOT_LOGGED_IN');
      if (patient.chosenHospitalIdx === null) throw new DomainError('HOSPITAL_NOT_CHOSEN');
      const hospitalIdx = patient.chosenHospitalIdx;
      const at = now();
      const request = await deps.db.transaction(async (tx) => {
        await repo.lockPatient(tx, patientIdx);
        const resent = await repo.findByClientRequestId(tx, patientIdx, body.clientRequestId);
        if (resent) return { request: resent, resent: true };
        const fee = (await repo.fees(tx, hospitalIdx)).find((f) => f.type === body.type);
        if (!fee) throw new DomainError('NOT_FOUND');
        // Fields the type does not ask for are not kept.
        const idx = await repo.insert(tx, {
          ...body,
          periodTo: body.type === 'PRESCRIPTION_COPY' ? (body.periodFrom ?? null) : (body.periodTo ?? null),
          periodFrom: body.periodFrom ?? null,
          hospitalIdx,
          patientIdx,
          patientName: patient.name,
          feeKrw: documentFeeOf(fee, body.language, body.copies),
          clientRequestId: body.clientRequestId,
          at,
        });
        await repo.addEvent(tx, idx, {
          status: 'REQUESTED',
          actorType: 'patient',
          actorIdx: patientIdx,
          actorName: patient.name,
          at,
        });
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'documentRequest.create',
            patientIdx,
            detail: { requestIdx: idx, type: body.type },
          },
          tx,
        );
        return { request: (await repo.find(tx, idx))!, resent: false };
      });
      // A resend (double submit) changed nothing: the desk hears of the request once.
      if (!request.resent) await deps.desk.changed(hospitalIdx, 'documentRequest', request.request.idx);
      return forPatient(request.request);
    },

    async myRequests(patientIdx: number): Promise<DocumentRequest[]> {
      return (await repo.listForPatient(deps.db, patientIdx)).map(forPatient);
    },

    async myRequest(patientIdx: number, idx: number): Promise<DocumentRequest> {
      return forPatient(await own(deps.db, patientIdx, idx));
    },

    /** 취소: the patient's, while nobody has started reviewing it. */
    async cancel(patientIdx: number, idx: number): Promise<DocumentRequest> {
      const at = now();
      const request = await deps.db.transaction(async (tx) => {
        const request = await own(tx, patientIdx, idx, true);
        refuseUnless(request, 'CANCELLED');
        const patient = await deps.people.patient(patientIdx, tx);
        await repo.setStatus(tx, idx, 'CANCELLED', at);
        await repo.addEvent(tx, idx, {
          status: 'CANCELLED',
          actorType: 'patient',
          actorIdx: patientIdx,
          actorName: patient?.name ?? request.patientName,
          at,
        });
        // As every staff move and the request itself: who changed a health document request.
        await deps.audit.record(
          {
            actorType: 'patient',
            actorIdx: patientIdx,
            action: 'documentRequest.cancelled',
            patientIdx,
            detail: { requestIdx: idx },
          },
          tx,
        );
        return (await repo.find(tx, idx))!;
      });
      await deps.desk.changed(request.hospitalIdx, 'documentRequest', request.idx);
      return forPatient(request);
    },

    /** The issued PDF, to its owner only, when it was asked for in the app; every download audited. */
    async download(patientIdx: number, idx: number): Promise<DocumentFile> {
      const request = await own(deps.db, patientIdx, idx);
      if (request.status !== 'ISSUED' || request.delivery !== 'APP_PDF')
        throw new DomainError('DOCUMENT_NOT_DOWNLOADABLE');
      const pdf = await repo.pdf(deps.db, idx);
      if (!pdf) throw new DomainError('DOCUMENT_NOT_DOWNLOADABLE');
      await deps.audit.record({
        actorType: 'patient',
        actorIdx: patientIdx,
        action: 'documentRequest.download',
        patientIdx,
        detail: { requestIdx: idx, issueNumber: request.issueNumber },
      });
      return { fileName: `${request.issueNumber}.pdf`, contentBase64: pdf.toString('base64') };
    },

    /** The hospital's queue, open requests first; a read of each listed patient's request, audited. */
    async queue(staffIdx: number, filter: DocumentQueueQuery): Promise<DocumentRequest[]> {
      const staff = await staffOf(staffIdx);
      const requests = await repo.listForHospital(deps.db, staff.hospitalIdx, filter);
      const byPatient = new Map<number | null, number[]>();
      for (const r of requests) byPatient.set(r.patientIdx, [...(byPatient.get(r.patientIdx) ?? []), r.idx]);
      await Promise.all(
        [...byPatient].map(([patientIdx, requestIdxs]) =>
          deps.audit.record({
            actorType: 'staff',
            actorIdx: staff.idx,
            action: 'documentRequest.queue.read',
            patientIdx,
            detail: { hospitalIdx: staff.hospitalIdx, requestIdxs },
          }),
        ),
      );
      return requests.map(forPatient);
    },

    async request(staffIdx: number, idx: number): Promise<DocumentRequest> {
      const staff = await staffOf(staffIdx);
      const request = await repo.find(deps.db, idx);
      if (!request) throw new DomainError('NOT_FOUND');
      if (request.hospitalIdx !== staff.hospitalIdx) throw new AccessRefused(request.patientIdx, 'NOT_FOUND');
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action: 'documentRequest.read',
        patientIdx: request.patientIdx,
        detail: { requestIdx: idx },
      });
      return forPatient(request);
    },

    /**
     * Staff: the issued PDF of their hospital's request, to print for the desk (or to show
     * the patient what was issued); another hospital's is as if none; every download audited.
     */
    async issuedPdf(staffIdx: number, idx: number): Promise<DocumentFile> {
      const staff = await staffOf(staffIdx);
      const request = await ofHospital(deps.db, idx, staff.hospitalIdx, false);
      if (request.status !== 'ISSUED') throw new DomainError('DOCUMENT_NOT_DOWNLOADABLE');
      const pdf = await repo.pdf(deps.db, idx);
      if (!pdf) throw new DomainError('DOCUMENT_NOT_DOWNLOADABLE');
      await deps.audit.record({
        actorType: 'staff',
        actorIdx: staff.idx,
        action: 'documentRequest.staffDownload',
        patientIdx: request.patientIdx,
        detail: { requestIdx: idx, hospitalIdx: staff.hospitalIdx, issueNumber: request.issueNumber },
      });
      return { fileName: `${request.issueNumber}.pdf`, contentBase64: pdf.toString('base64') };
    },

    /** 검토 중: staff have taken it; from now on the patient can no longer cancel. */
    async review(staffIdx: number, idx: number): Promise<DocumentRequest> {
      const request = await staffMove(staffIdx, idx, 'IN_REVIEW');
      await tell(
        request,
        '서류 신청 검토 중',
        `${DOCUMENT_TYPE_KO[request.type]} 신청을 병원에서 검토하고 있습니다.`,
      );
      return forPatient(request);
    },

    /** 반려 with the reason the patient reads. */
    async reject(staffIdx: number, idx: number, reason: string): Promise<DocumentRequest> {
      const request = await staffMove(staffIdx, idx, 'REJECTED', { note: reason });
      await tell(
        request,
        '서류 신청 반려',
        `${DOCUMENT_TYPE_KO[request.type]} 신청이 반려되었습니다. 사유를 확인해 주세요.`,
      );
      return forPatient(request);
    },

    /**
     * 발급 완료: generates the certificate with what staff wrote, stores it with its number and
     * verification code (kept 3 years), and tells the patient.
     */
    async issue(
      staffIdx: number,
      idx: number,
      content: string,
      verifyBaseUrl: string,
    ): Promise<DocumentRequest> {
      const staff = await staffOf(staffIdx);
      const hospital = await deps.hospitals.find(staff.hospitalIdx);
      if (!hospital) throw new DomainError('NOT_FOUND');
      const at = now();
      const request = await staffMove(staffIdx, idx, 'ISSUED', {
        before: async (tx, request) => {
          const issueNumber = await repo.nextIssueNumber(tx, staff.hospitalIdx, kstDate(at).slice(0, 4));
          const verifyCode = newVerifyCode();
          const pdf = await renderCertificate({
            type: request.type,
            language: request.language,
            hospital,
            patient: { name: request.patientName, birthDate: request.patientBirthDate },
            department: request.department,
            periodFrom: request.periodFrom,
            periodTo: request.periodTo,
            purpose: request.purpose,
            purposeNote: request.purposeNote,
            copies: request.copies,
            content,
            issueNumber,
            issuedAt: at,
            issuedBy: staff.name,
            verifyCode,
            verifyUrl: `${verifyBaseUrl}/verify/${verifyCode}`,
          });
          const keepUntil = new Date(at);
          keepUntil.setUTCFullYear(keepUntil.getUTCFullYear() + CERTIFICATE_KEEP_YEARS);
          await repo.insertIssued(tx, {
            requestIdx: idx,
            issueNumber,
            verifyCode,
            content,
            pdf,
            issuedAt: at,
            issuedByIdx: staff.idx,
            keepUntil,
          });
        },
      });
      await tell(
        request,
        '서류 발급 완료',
        request.delivery === 'APP_PDF'
          ? `${DOCUMENT_TYPE_KO[request.type]}가 발급되었습니다. 앱에서 내려받을 수 있습니다.`
          : `${DOCUMENT_TYPE_KO[request.type]}가 발급되었습니다. 원무과 창구에서 받아 가세요.`,
      );
      return forPatient(request);
    },

    /**
     * Public: confirms a code belongs to an issued certificate, with nothing about health.
     * A code of the wrong shape, forged or altered, is refused alike.
     */
    async verify(code: string): Promise<DocumentVerification> {
      const normalised = code.trim().toUpperCase();
      if (!VERIFY_CODE_PATTERN.test(normalised)) throw new DomainError('DOCUMENT_VERIFY_FAILED');
      const found = await repo.verification(deps.db, normalised);
      if (!found) throw new DomainError('DOCUMENT_VERIFY_FAILED');
      return {
        typeName: DOCUMENT_TYPE_KO[found.type],
        issueNumber: found.issue_number,
        issuedAt: new Date(found.issued_at).toISOString(),
        hospitalName: found.hospital_name,
        maskedName: maskName(found.patient_name),
      };
    },

    statusName: (status: DocumentStatus) => STATUS_KO[status],

    /** Removes certificates past their keeping period; returns how many. */
    purgeExpired: () => repo.purgeExpired(deps.db, now()),

    async erasePatient(tx: Pick<SqlQueryable, 'query'>, patientIdx: number): Promise<void> {
      await repo.erasePatient(tx, patientIdx);
    },
  };
}

export type DocumentRequestService = ReturnType<typeof createDocumentRequestService>;
