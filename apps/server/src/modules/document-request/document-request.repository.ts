import type {
  CreateDocumentRequestBody,
  DocumentEvent,
  DocumentFee,
  DocumentQueueQuery,
  DocumentRequest,
  DocumentStatus,
} from '@smartcare/contract/document-request';
import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

interface RequestRow {
  idx: number;
  hospital_idx: number;
  hospital_name: string;
  patient_idx: number | null;
  patient_name: string;
  patient_birth_date: string | null;
  type: DocumentRequest['type'];
  department: string;
  period_from: string | null;
  period_to: string | null;
  purpose: DocumentRequest['purpose'];
  purpose_note: string;
  copies: number;
  language: DocumentRequest['language'];
  delivery: DocumentRequest['delivery'];
  note: string;
  fee_krw: number;
  status: DocumentStatus;
  reject_reason: string;
  requested_at: Date | string;
  updated_at: Date | string;
  issue_number: string | null;
  issued_at: Date | string | null;
  verify_code: string | null;
}

/** A request as stored, with what only the server uses (the account, the birth date). */
export interface StoredRequest extends DocumentRequest {
  patientIdx: number | null;
  patientBirthDate: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRequest(row: RequestRow, events: DocumentEvent[]): StoredRequest {
  return {
    idx: row.idx,
    hospitalIdx: row.hospital_idx,
    hospitalName: row.hospital_name,
    patientIdx: row.patient_idx,
    patientName: row.patient_name,
    patientBirthDate: row.patient_birth_date,
    type: row.type,
    department: row.department,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    purpose: row.purpose,
    purposeNote: row.purpose_note,
    copies: row.copies,
    language: row.language,
    delivery: row.delivery,
    note: row.note,
    feeKrw: row.fee_krw,
    status: row.status,
    rejectReason: row.reject_reason,
    requestedAt: new Date(row.requested_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    issueNumber: row.issue_number,
    issuedAt: iso(row.issued_at),
    verifyCode: row.verify_code,
    events,
  };
}

const SELECT = `SELECT r.idx, r.hospital_idx, h.name AS hospital_name, r.patient_idx, r.patient_name,
       to_char(r.patient_birth_date, 'YYYY-MM-DD') AS patient_birth_date, r.type, r.department,
       to_char(r.period_from, 'YYYY-MM-DD') AS period_from, to_char(r.period_to, 'YYYY-MM-DD') AS period_to,
       r.purpose, r.purpose_note, r.copies, r.language, r.delivery, r.note, r.fee_krw, r.status,
       r.reject_reason, r.requested_at, r.updated_at, d.issue_number, d.issued_at, d.verify_code
  FROM document_requests r
  JOIN hospitals h ON h.idx = r.hospital_idx
  LEFT JOIN issued_documents d ON d.request_idx = r.idx`;

interface EventRow {
  request_idx: number;
  status: DocumentStatus;
  actor_type: 'patient' | 'staff';
  actor_name: string;
  note: string;
  at: Date | string;
}

async function withEvents(db: Sql, rows: RequestRow[]): Promise<StoredRequest[]> {
  if (rows.length === 0) return [];
  const { rows: events } = await db.query<EventRow>(
    `SELECT request_idx, status, actor_type, actor_name, note, at FROM document_request_events
      WHERE request_idx = ANY($1::int[]) ORDER BY at, idx`,
    [rows.map((row) => row.idx)],
  );
  return rows.map((row) =>
    toRequest(
      row,
      events
        .filter((event) => event.request_idx === row.idx)
        .map((event) => ({
          status: event.status,
          actorType: event.actor_type,
          actorName: event.actor_name,
          note: event.note,
          at: new Date(event.at).toISOString(),
        })),
    ),
  );
}

export interface NewDocumentRequest extends Omit<CreateDocumentRequestBody, 'clientRequestId'> {
  hospitalIdx: number;
  patientIdx: number;
  patientName: string;
  feeKrw: number;
  clientRequestId: string;
  at: Date;
}

export interface NewEvent {
  status: DocumentStatus;
  actorType: 'patient' | 'staff';
  actorIdx: number;
  actorName: string;
  note?: string;
  at: Date;
}

interface FeeRow {
  type: DocumentFee['type'];
  fee_krw: number;
  extra_copy_fee_krw: number;
  english_fee_krw: number | null;
}

/** Document-request storage, SQL only; each function takes the executor first. */
export const documentRequestRepository = {
  /** The hospital's fee table: its own rows, else the defaults (hospital_idx NULL). */
  async fees(db: Sql, hospitalIdx: number): Promise<DocumentFee[]> {
    const { rows } = await db.query<FeeRow>(
      `SELECT DISTINCT ON (type) type, fee_krw, extra_copy_fee_krw, english_fee_krw
         FROM document_fees WHERE hospital_idx = $1 OR hospital_idx IS NULL
        ORDER BY type, hospital_idx NULLS LAST`,
      [hospitalIdx],
    );
    return rows.map((row) => ({
      type: row.type,
      feeKrw: row.fee_krw,
      extraCopyFeeKrw: row.extra_copy_fee_krw,
      englishFeeKrw: row.english_fee_krw,
    }));
  },

  async lockPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('document-request-patient'), $1)`, [patientIdx]);
  },

  async findByClientRequestId(db: Sql, patientIdx: number, clientRequestId: string) {
    const { rows } = await db.query<RequestRow>(
      `${SELECT} WHERE r.patient_idx = $1 AND r.client_request_id = $2`,
      [patientIdx, clientRequestId],
    );
    return (await withEvents(db, rows))[0] ?? null;
  },

  async find(db: Sql, idx: number, forUpdate = false): Promise<StoredRequest | null> {
    const { rows } = await db.query<RequestRow>(
      `${SELECT} WHERE r.idx = $1${forUpdate ? ' FOR UPDATE OF r' : ''}`,
      [idx],
    );
    return (await withEvents(db, rows))[0] ?? null;
  },

  async insert(db: Sql, request: NewDocumentRequest): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO document_requests (hospital_idx, patient_idx, patient_name, patient_birth_date, type,
              department, period_from, period_to, purpose, purpose_note, copies, language, delivery, note,
              fee_krw, client_request_id, requested_at, updated_at)
       SELECT $1, p.idx, $3, p.birth_date, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16
         FROM patients p WHERE p.idx = $2
       RETURNING idx`,
      [
        request.hospitalIdx,
        request.patientIdx,
        request.patientName,
        request.type,
        request.department,
        request.periodFrom ?? null,
        request.periodTo ?? null,
        request.purpose ?? null,
        request.purposeNote ?? '',
        request.copies,
        request.language,
        request.delivery,
        request.note ?? '',
        request.feeKrw,
        request.clientRequestId,
        request.at,
      ],
    );
    return rows[0]!.idx;
  },

  async addEvent(db: Sql, requestIdx: number, event: NewEvent): Promise<void> {
    await db.query(
      `INSERT INTO document_request_events (request_idx, status, actor_type, actor_idx, actor_name, note, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        requestIdx,
        event.status,
        event.actorType,
        event.actorIdx,
        event.actorName,
        event.note ?? '',
        event.at,
      ],
    );
  },

  async setStatus(db: Sql, idx: number, status: DocumentStatus, at: Date, rejectReason = ''): Promise<void> {
    await db.query(
      `UPDATE document_requests SET status = $2, updated_at = $3,
              reject_reason = CASE WHEN $2 = 'REJECTED' THEN $4 ELSE reject_reason END
        WHERE idx = $1`,
      [idx, status, at, rejectReason],
    );
  },

  async listForPatient(db: Sql, patientIdx: number): Promise<StoredRequest[]> {
    const { rows } = await db.query<RequestRow>(
      `${SELECT} WHERE r.patient_idx = $1 ORDER BY r.requested_at DESC, r.idx DESC LIMIT 200`,
      [patientIdx],
    );
    return withEvents(db, rows);
  },

  /** The staff queue: open requests first (new before in review), then the rest, newest first. */
  async listForHospital(db: Sql, hospitalIdx: number, filter: DocumentQueueQuery): Promise<StoredRequest[]> {
    const { rows } = await db.query<RequestRow>(
      `${SELECT} WHERE r.hospital_idx = $1 AND ($2::text IS NULL OR r.status = $2) AND ($3::text IS NULL OR r.type = $3)
        ORDER BY CASE r.status WHEN 'REQUESTED' THEN 0 WHEN 'IN_REVIEW' THEN 1 ELSE 2 END,
                 r.requested_at DESC, r.idx DESC
        LIMIT 200`,
      [hospitalIdx, filter.status ?? null, filter.type ?? null],
    );
    return withEvents(db, rows);
  },

  /** A number a hospital never gives twice: `{YYYY}-{hospital}-{6 digits}`. */
  async nextIssueNumber(db: Sql, hospitalIdx: number, year: string): Promise<string> {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) + 1 AS n FROM issued_documents d JOIN document_requests r ON r.idx = d.request_idx
        WHERE r.hospital_idx = $1 AND d.issue_number LIKE $2`,
      [hospitalIdx, `${year}-${hospitalIdx}-%`],
    );
    return `${year}-${hospitalIdx}-${String(rows[0]!.n).padStart(6, '0')}`;
  },

  async insertIssued(
    db: Sql,
    issued: {
      requestIdx: number;
      issueNumber: string;
      verifyCode: string;
      content: string;
      pdf: Uint8Array;
      issuedAt: Date;
      issuedByIdx: number;
      keepUntil: Date;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO issued_documents (request_idx, issue_number, verify_code, content, pdf, issued_at, issued_by_idx, keep_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        issued.requestIdx,
        issued.issueNumber,
        issued.verifyCode,
        issued.content,
        Buffer.from(issued.pdf),
        issued.issuedAt,
        issued.issuedByIdx,
        issued.keepUntil,
      ],
    );
  },

  async pdf(db: Sql, requestIdx: number): Promise<Buffer | null> {
    const { rows } = await db.query<{ pdf: Uint8Array }>(
      `SELECT pdf FROM issued_documents WHERE request_idx = $1`,
      [requestIdx],
    );
    return rows[0] ? Buffer.from(rows[0].pdf) : null;
  },

  /** What the public verification shows: no content, no birth date. */
  async verification(db: Sql, verifyCode: string) {
    const { rows } = await db.query<{
      type: DocumentRequest['type'];
      language: DocumentRequest['language'];
      issue_number: string;
      issued_at: Date | string;
      hospital_name: string;
      patient_name: string;
    }>(
      `SELECT r.type, r.language, d.issue_number, d.issued_at, h.name AS hospital_name, r.patient_name
         FROM issued_documents d JOIN document_requests r ON r.idx = d.request_idx
         JOIN hospitals h ON h.idx = r.hospital_idx
        WHERE d.verify_code = $1`,
      [verifyCode],
    );
    return rows[0] ?? null;
  },

  /**
   * Account deletion: what the patient asked for and never got issued is their own data and
   * goes; issued certificates are the hospital's record (kept 3 years) and stay, with the
   * name and birth date they were issued to, detached from the deleted account.
   */
  async erasePatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`DELETE FROM document_requests WHERE patient_idx = $1 AND status <> 'ISSUED'`, [
      patientIdx,
    ]);
    await db.query(`UPDATE document_requests SET patient_idx = NULL WHERE patient_idx = $1`, [patientIdx]);
  },

  /** Certificates past their keeping period: gone with their request. */
  async purgeExpired(db: Sql, now: Date): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `DELETE FROM document_requests r USING issued_documents d
        WHERE d.request_idx = r.idx AND d.keep_until < $1 RETURNING r.idx`,
      [now],
    );
    return rows.length;
  },
};
