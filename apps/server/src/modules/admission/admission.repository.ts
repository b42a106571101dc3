import type { Admission, AdmissionPatient } from '@smartcare/contract/admission';
import type { SqlQueryable } from '../../plugins/db/database.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

interface AdmissionRow {
  idx: number;
  patient_idx: number;
  hospital_idx: number;
  hospital_name: string;
  patient_name: string;
  ward: string;
  bed: string;
  identity_confirmed_at: Date | string | null;
  admitted_at: Date | string;
  discharged_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toAdmission(row: AdmissionRow): Admission {
  return {
    idx: row.idx,
    patientIdx: row.patient_idx,
    hospitalIdx: row.hospital_idx,
    hospitalName: row.hospital_name,
    patientName: row.patient_name,
    ward: row.ward,
    bed: row.bed,
    identityConfirmedAt: iso(row.identity_confirmed_at),
    admittedAt: new Date(row.admitted_at).toISOString(),
    dischargedAt: iso(row.discharged_at),
  };
}

const SELECT = `SELECT a.idx, a.patient_idx, a.hospital_idx, h.name AS hospital_name, a.patient_name, a.ward, a.bed,
       a.identity_confirmed_at, a.admitted_at, a.discharged_at
  FROM admissions a JOIN hospitals h ON h.idx = a.hospital_idx`;

/** The place a nurse call goes to: the active admission's hospital, ward and bed. */
export interface ActiveAdmission {
  idx: number;
  hospitalIdx: number;
  patientName: string;
  ward: string;
  bed: string;
  identityConfirmed: boolean;
}

/** Admission storage, SQL only; each function takes the executor so it can join a transaction. */
export const admissionRepository = {
  async findActive(db: Sql, patientIdx: number): Promise<Admission | null> {
    const { rows } = await db.query<AdmissionRow>(
      `${SELECT} WHERE a.patient_idx = $1 AND a.discharged_at IS NULL`,
      [patientIdx],
    );
    return rows[0] ? toAdmission(rows[0]) : null;
  },

  /** The active admission as a nurse call needs it (identity confirmed or not). */
  async findActiveForCall(db: Sql, patientIdx: number): Promise<ActiveAdmission | null> {
    const admission = await admissionRepository.findActive(db, patientIdx);
    if (!admission) return null;
    const { idx, hospitalIdx, patientName, ward, bed, identityConfirmedAt } = admission;
    return { idx, hospitalIdx, patientName, ward, bed, identityConfirmed: identityConfirmedAt !== null };
  },

  async find(db: Sql, admissionIdx: number, forUpdate = false): Promise<Admission | null> {
    const { rows } = await db.query<AdmissionRow>(
      `${SELECT} WHERE a.idx = $1${forUpdate ? ' FOR UPDATE OF a' : ''}`,
      [admissionIdx],
    );
    return rows[0] ? toAdmission(rows[0]) : null;
  },

  async lockPatient(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('admission-patient'), $1)`, [patientIdx]);
  },

  async insert(
    db: Sql,
    admission: {
      patientIdx: number;
      hospitalIdx: number;
      patientName: string;
      ward: string;
      bed: string;
      identityConfirmedAt: Date | null;
      admittedAt: Date;
      admittedByIdx: number;
    },
  ): Promise<number> {
    const { rows } = await db.query<{ idx: number }>(
      `INSERT INTO admissions (patient_idx, hospital_idx, patient_name, ward, bed, identity_confirmed_at, admitted_at, admitted_by_idx)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING idx`,
      [
        admission.patientIdx,
        admission.hospitalIdx,
        admission.patientName,
        admission.ward,
        admission.bed,
        admission.identityConfirmedAt,
        admission.admittedAt,
        admission.admittedByIdx,
      ],
    );
    return rows[0]!.idx;
  },

  async moveBed(db: Sql, admissionIdx: number, ward: string, bed: string): Promise<void> {
    await db.query(`UPDATE admissions SET ward = $2, bed = $3 WHERE idx = $1`, [admissionIdx, ward, bed]);
  },

  async discharge(db: Sql, admissionIdx: number, at: Date, staffIdx: number): Promise<void> {
    await db.query(`UPDATE admissions SET discharged_at = $2, discharged_by_idx = $3 WHERE idx = $1`, [
      admissionIdx,
      at,
      staffIdx,
    ]);
  },

  /**
   * The staff console's patient list: the hospital's patients (who chose it or are admitted
   * in it), by name part or patient number, admitted first, at most 50.
   */
  async listPatients(db: Sql, hospitalIdx: number, keyword: string | undefined): Promise<AdmissionPatient[]> {
    const number = keyword && /^\d{1,9}$/.test(keyword) ? Number(keyword) : null;
    const { rows } = await db.query<
      Omit<
        AdmissionRow,
        | 'idx'
        | 'patient_idx'
        | 'hospital_idx'
        | 'hospital_name'
        | 'patient_name'
        | 'ward'
        | 'bed'
        | 'admitted_at'
      > & {
        p_idx: number;
        p_name: string;
        birth_date: string | null;
        sex: 'M' | 'F' | null;
        areas: ('HOSPITAL' | 'HOMECARE')[];
        idx: number | null;
        hospital_idx: number | null;
        hospital_name: string | null;
        patient_name: string | null;
        ward: string | null;
        bed: string | null;
        admitted_at: Date | string | null;
      }
    >(
      `SELECT p.idx AS p_idx, p.name AS p_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.sex, p.areas,
              a.idx, a.hospital_idx, h.name AS hospital_name, a.patient_name, a.ward, a.bed,
              a.identity_confirmed_at, a.admitted_at, a.discharged_at
         FROM patients p
         LEFT JOIN admissions a ON a.patient_idx = p.idx AND a.discharged_at IS NULL AND a.hospital_idx = $1
         LEFT JOIN hospitals h ON h.idx = a.hospital_idx
        WHERE p.deleted_at IS NULL
          AND (p.chose_hospital_idx = $1 OR a.idx IS NOT NULL)
          AND ($2::text IS NULL OR strpos(p.name, $2) > 0 OR strpos(a.patient_name, $2) > 0 OR p.idx = $3::integer)
        ORDER BY (a.idx IS NULL), p.name, p.idx
        LIMIT 50`,
      [hospitalIdx, keyword || null, number],
    );
    return rows.map((row) => ({
      patientIdx: row.p_idx,
      name: row.p_name,
      birthDate: row.birth_date,
      sex: row.sex,
      areas: row.areas,
      admission:
        row.idx === null
          ? null
          : toAdmission({
              ...row,
              idx: row.idx,
              patient_idx: row.p_idx,
              hospital_idx: row.hospital_idx!,
              hospital_name: row.hospital_name!,
              patient_name: row.patient_name!,
              ward: row.ward!,
              bed: row.bed!,
              admitted_at: row.admitted_at!,
            }),
    }));
  },

  /** Keeps each stay; forgets the patient's name. */
  async forgetPatientName(db: Sql, patientIdx: number): Promise<void> {
    await db.query(`UPDATE admissions SET patient_name = '' WHERE patient_idx = $1`, [patientIdx]);
  },
};
