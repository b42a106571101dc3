import type { CareArea } from '@smartcare/contract/hospital';
import type {
  AlarmSettings,
  AlarmUpdateBody,
  BodyInfo,
  PatientProfile,
  UpdateBodyInfoBody,
  UpdateMyDataBody,
} from '@smartcare/contract/patient';
import type { Consent, TermsCode } from '@smartcare/contract/terms';
import type { SqlQueryable } from '../../plugins/db/database.ts';

export interface PatientCredentials {
  idx: number;
  loginId: string;
  passwordHash: string | null;
  email: string | null;
}

export interface NewPatient {
  loginId: string;
  /** Null: no password login (a Kakao sign-up, issue 12). */
  passwordHash: string | null;
  name: string;
  email?: string | null;
  phone?: string | null;
  birthDate?: string | null;
  sex?: 'M' | 'F' | null;
  areas?: CareArea[];
  choseHospitalIdx?: number | null;
  ward?: string | null;
  bed?: string | null;
}

interface ProfileRow extends Omit<PatientProfile, 'createdAt' | 'deletionDueAt'> {
  createdAt: Date;
  deletionDueAt: Date | null;
}

const PROFILE = `
  SELECT p.idx, p.login_id AS "loginId", p.name, p.description,
         to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate", p.sex, p.phone, p.email, p.areas,
         p.chose_hospital_idx AS "choseHospitalIdx", h.name AS "choseHospitalName",
         p.ward, p.bed, p.created_at AS "createdAt", d.due_at AS "deletionDueAt"
    FROM patients p
    LEFT JOIN hospitals h ON h.idx = p.chose_hospital_idx
    LEFT JOIN deletion_requests d ON d.patient_idx = p.idx`;

/** First key of the advisory locks on push tokens (two-key locks never meet the migrations' one-key lock). */
const PUSH_TOKEN_LOCK_SPACE = 727_002;

/** camelCase body field → column; only these are ever written from a request. */
const PROFILE_COLUMNS: Record<keyof UpdateMyDataBody, string> = {
  name: 'name',
  description: 'description',
  birthDate: 'birth_date',
  sex: 'sex',
  phone: 'phone',
  email: 'email',
  choseHospitalIdx: 'chose_hospital_idx',
  ward: 'ward',
  bed: 'bed',
};
const BODY_INFO_COLUMNS: Record<keyof BodyInfo, string> = {
  heightCm: 'height_cm',
  weightKg: 'weight_kg',
  bloodType: 'blood_type',
  allergies: 'allergies',
  chronicConditions: 'chronic_conditions',
  medications: 'medications',
  emergencyContactName: 'emergency_contact_name',
  emergencyContactPhone: 'emergency_contact_phone',
};
/**
 * The switches kept in alarm_settings. The two advertising switches are not among them:
 * they are the MARKETING / MARKETING_NIGHT consents (one fact, answered with a time, as
 * PIPA wants; migration 007), read in findAlarmSettings and written by the service.
 */
const ALARM_COLUMNS: Record<Exclude<keyof AlarmSettings, 'marketing' | 'marketingNight'>, string> = {
  chat: 'chat',
  nurseCall: 'nurse_call',
  medication: 'medication',
  schedule: 'schedule',
  notice: 'notice',
  qna: 'qna',
  document: 'document',
  quietHoursEnabled: 'quiet_hours_enabled',
  quietHoursStart: 'quiet_hours_start',
  quietHoursEnd: 'quiet_hours_end',
};

const selectList = (columns: Record<string, string>) =>
  Object.entries(columns)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', ');

/** Builds `SET a = $2, b = $3` for the given fields; $1 is the patient. */
function assignments<T extends object>(changes: T, columns: Record<string, string>) {
  const entries = Object.entries(changes).filter(([field, value]) => value !== undefined && field in columns);
  return {
    sql: entries.map(([field], i) => `${columns[field]} = $${i + 2}`).join(', '),
    values: entries.map(([, value]) => value as string | number | boolean | null),
    fields: entries.map(([field]) => field),
  };
}

const toProfile = (row: ProfileRow): PatientProfile => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  deletionDueAt: row.deletionDueAt ? row.deletionDueAt.toISOString() : null,
});

const DEFAULT_BODY_INFO: BodyInfo = {
  heightCm: null,
  weightKg: null,
  bloodType: null,
  allergies: '',
  chronicConditions: '',
  medications: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
};

export const patientRepository = {
  async findProfile(db: SqlQueryable, idx: number): Promise<PatientProfile | null> {
    const row = await db.maybeOne<ProfileRow>(`${PROFILE} WHERE p.idx = $1 AND p.deleted_at IS NULL`, [idx]);
    return row ? toProfile(row) : null;
  },

  findCredentialsByLoginId(db: SqlQueryable, loginId: string): Promise<PatientCredentials | null> {
    return db.maybeOne<PatientCredentials>(
      `SELECT idx, login_id AS "loginId", password_hash AS "passwordHash", email
         FROM patients WHERE login_id = $1 AND deleted_at IS NULL`,
      [loginId],
    );
  },

  findCredentialsByIdx(db: SqlQueryable, idx: number): Promise<PatientCredentials | null> {
    return db.maybeOne<PatientCredentials>(
      `SELECT idx, login_id AS "loginId", password_hash AS "passwordHash", email
         FROM patients WHERE idx = $1 AND deleted_at IS NULL`,
      [idx],
    );
  },

  async loginIdTaken(db: SqlQueryable, loginId: string): Promise<boolean> {
    return (await db.maybeOne('SELECT 1 FROM patients WHERE login_id = $1', [loginId])) !== null;
  },

  insert(db: SqlQueryable, patient: NewPatient): Promise<{ idx: number; loginId: string }> {
    return db.one(
      `INSERT INTO patients (login_id, password_hash, name, email, phone, birth_date, sex, areas, chose_hospital_idx, ward, bed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING idx, login_id AS "loginId"`,
      [
        patient.loginId,
        patient.passwordHash,
        patient.name,
        patient.email ?? null,
        patient.phone ?? null,
        patient.birthDate ?? null,
        patient.sex ?? null,
        patient.areas ?? ['HOSPITAL'],
        patient.choseHospitalIdx ?? null,
        patient.ward ?? null,
        patient.bed ?? null,
      ],
    );
  },

  async setPasswordHash(db: SqlQueryable, idx: number, passwordHash: string): Promise<void> {
    await db.query('UPDATE patients SET password_hash = $2, updated_at = now() WHERE idx = $1', [
      idx,
      passwordHash,
    ]);
  },

  /** Returns the names of the fields written. */
  async updateProfile(db: SqlQueryable, idx: number, changes: UpdateMyDataBody): Promise<string[]> {
    const set = assignments(changes, PROFILE_COLUMNS);
    if (set.fields.length === 0) return [];
    await db.query(`UPDATE patients SET ${set.sql}, updated_at = now() WHERE idx = $1`, [idx, ...set.values]);
    return set.fields;
  },

  async findBodyInfo(db: SqlQueryable, idx: number): Promise<BodyInfo> {
    const row = await db.maybeOne<BodyInfo>(
      `SELECT ${selectList(BODY_INFO_COLUMNS)} FROM body_info WHERE patient_idx = $1`,
      [idx],
    );
    return row ?? { ...DEFAULT_BODY_INFO };
  },

  async upsertBodyInfo(db: SqlQueryable, idx: number, changes: UpdateBodyInfoBody): Promise<string[]> {
    const set = assignments(changes, BODY_INFO_COLUMNS);
    await db.query('INSERT INTO body_info (patient_idx) VALUES ($1) ON CONFLICT (patient_idx) DO NOTHING', [
      idx,
    ]);
    if (set.fields.length > 0) {
      await db.query(`UPDATE body_info SET ${set.sql}, updated_at = now() WHERE patient_idx = $1`, [
        idx,
        ...set.values,
      ]);
    }
    return set.fields;
  },

  async findAlarmSettings(db: SqlQueryable, idx: number): Promise<AlarmSettings> {
    await db.query(
      'INSERT INTO alarm_settings (patient_idx) VALUES ($1) ON CONFLICT (patient_idx) DO NOTHING',
      [idx],
    );
    // Night advertising is sent only with advertising itself agreed (domain.md).
    return db.one<AlarmSettings>(
      `SELECT ${selectList(ALARM_COLUMNS)},
              coalesce(m.agreed, false) AS marketing,
              coalesce(m.agreed, false) AND coalesce(n.agreed, false) AS "marketingNight"
         FROM alarm_settings a
         LEFT JOIN consents m ON m.patient_idx = a.patient_idx AND m.terms_code = 'MARKETING'
         LEFT JOIN consents n ON n.patient_idx = a.patient_idx AND n.terms_code = 'MARKETING_NIGHT'
        WHERE a.patient_idx = $1`,
      [idx],
    );
  },

  async updateAlarmSettings(db: SqlQueryable, idx: number, changes: AlarmUpdateBody): Promise<string[]> {
    const set = assignments(changes, ALARM_COLUMNS);
    await db.query(
      'INSERT INTO alarm_settings (patient_idx) VALUES ($1) ON CONFLICT (patient_idx) DO NOTHING',
      [idx],
    );
    if (set.fields.length > 0) {
      await db.query(`UPDATE alarm_settings SET ${set.sql}, updated_at = now() WHERE patient_idx = $1`, [
        idx,
        ...set.values,
      ]);
    }
    return set.fields;
  },

  /**
   * A device token belongs to one patient: whoever registered it last (on a shared phone
   * the previous patient must not receive the next one's notifications). Run it in a
   * transaction: the lock queues registrations of one token, which would otherwise both
   * find it free and collide on the unique index.
   */
  async upsertPushToken(db: SqlQueryable, idx: number, fcmToken: string, platform: string): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PUSH_TOKEN_LOCK_SPACE, fcmToken]);
    await db.query('DELETE FROM push_tokens WHERE fcm_token = $1 AND patient_idx <> $2', [fcmToken, idx]);
    await db.query(
      `INSERT INTO push_tokens (patient_idx, fcm_token, platform) VALUES ($1, $2, $3)
       ON CONFLICT (patient_idx) DO UPDATE SET fcm_token = EXCLUDED.fcm_token, platform = EXCLUDED.platform, updated_at = now()`,
      [idx, fcmToken, platform],
    );
  },

  /** Every current terms code with this patient's latest answer (unanswered = not agreed). */
  async listConsents(db: SqlQueryable, idx: number): Promise<Consent[]> {
    const { rows } = await db.query<Omit<Consent, 'agreedAt'> & { agreedAt: Date | null }>(
      `SELECT t.terms_code AS "termsCode", t.version, t.title, t.required,
              coalesce(c.agreed, false) AS agreed, c.answered_at AS "agreedAt"
         FROM (SELECT DISTINCT ON (terms_code) terms_code, version, title, required
                 FROM terms WHERE effective_at <= now() ORDER BY terms_code, version DESC) t
         LEFT JOIN consents c ON c.patient_idx = $1 AND c.terms_code = t.terms_code
        ORDER BY array_position(ARRAY['SERVICE','PRIVACY','HEALTH_DATA','LOCATION','MARKETING','MARKETING_NIGHT'], t.terms_code)`,
      [idx],
    );
    return rows.map((row) => ({ ...row, agreedAt: row.agreedAt ? row.agreedAt.toISOString() : null }));
  },

  async answerConsent(
    db: SqlQueryable,
    idx: number,
    termsCode: TermsCode,
    version: number,
    agreed: boolean,
  ): Promise<void> {
    await db.query(
      `INSERT INTO consents (patient_idx, terms_code, version, agreed) VALUES ($1, $2, $3, $4)
       ON CONFLICT (patient_idx, terms_code) DO UPDATE
         SET version = EXCLUDED.version, agreed = EXCLUDED.agreed, answered_at = now()`,
      [idx, termsCode, version, agreed],
    );
  },

  /** The new request, or null when one is already pending (which stays as it was). */
  insertDeletionRequest(
    db: SqlQueryable,
    idx: number,
    graceDays: number,
    reason: string | null,
  ): Promise<{ requestedAt: Date; dueAt: Date } | null> {
    return db.maybeOne(
      `INSERT INTO deletion_requests (patient_idx, due_at, reason) VALUES ($1, now() + make_interval(secs => $2 * 86400), $3)
       ON CONFLICT (patient_idx) DO NOTHING
       RETURNING requested_at AS "requestedAt", due_at AS "dueAt"`,
      [idx, graceDays, reason],
    );
  },

  findDeletionRequest(db: SqlQueryable, idx: number): Promise<{ requestedAt: Date; dueAt: Date } | null> {
    return db.maybeOne(
      'SELECT requested_at AS "requestedAt", due_at AS "dueAt" FROM deletion_requests WHERE patient_idx = $1',
      [idx],
    );
  },

  async deleteDeletionRequest(db: SqlQueryable, idx: number): Promise<boolean> {
    const { rowCount } = await db.query('DELETE FROM deletion_requests WHERE patient_idx = $1', [idx]);
    return rowCount > 0;
  },

  /** Due requests, locked so that two processes never carry out the same one (SKIP LOCKED). */
  async lockDueDeletionRequests(db: SqlQueryable, limit: number): Promise<number[]> {
    const { rows } = await db.query<{ patientIdx: number }>(
      `SELECT patient_idx AS "patientIdx" FROM deletion_requests
        WHERE due_at <= now() ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map((row) => row.patientIdx);
  },

  /**
   * Account deletion (domain.md, PIPA Art. 21): the self-recorded and personal data go;
   * the row stays, emptied, because the audit log and hospital records refer to its idx.
   */
  async eraseAndAnonymise(db: SqlQueryable, idx: number): Promise<void> {
    // Failed logins are kept by login id, which is emptied below: remove them while it is known.
    await db.query(
      `DELETE FROM login_failures
        WHERE principal = 'patient' AND login_id = (SELECT login_id FROM patients WHERE idx = $1)`,
      [idx],
    );
    for (const table of [
      'body_info',
      'alarm_settings',
      'push_tokens',
      'consents',
      'deletion_requests',
      'password_reset_codes',
    ]) {
      await db.query(`DELETE FROM ${table} WHERE patient_idx = $1`, [idx]);
    }
    await db.query(
      `UPDATE patients
          SET login_id = NULL, password_hash = NULL, name = '', description = '', birth_date = NULL, sex = NULL,
              phone = NULL, email = NULL, ward = NULL, bed = NULL, chose_hospital_idx = NULL,
              deleted_at = now(), anonymised_at = now(), updated_at = now()
        WHERE idx = $1`,
      [idx],
    );
  },

  async insertResetCode(db: SqlQueryable, idx: number, codeHash: string, ttlS: number): Promise<void> {
    // A new code replaces any earlier one.
    await db.query(
      'UPDATE password_reset_codes SET used_at = now() WHERE patient_idx = $1 AND used_at IS NULL',
      [idx],
    );
    await db.query(
      `INSERT INTO password_reset_codes (patient_idx, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [idx, codeHash, ttlS],
    );
  },

  findLiveResetCode(
    db: SqlQueryable,
    idx: number,
  ): Promise<{ idx: number; codeHash: string; attempts: number } | null> {
    return db.maybeOne(
      `SELECT idx, code_hash AS "codeHash", attempts FROM password_reset_codes
        WHERE patient_idx = $1 AND used_at IS NULL AND expires_at > now()
        ORDER BY idx DESC LIMIT 1 FOR UPDATE`,
      [idx],
    );
  },

  async countResetAttempt(db: SqlQueryable, codeIdx: number): Promise<void> {
    await db.query('UPDATE password_reset_codes SET attempts = attempts + 1 WHERE idx = $1', [codeIdx]);
  },

  async useResetCode(db: SqlQueryable, codeIdx: number): Promise<void> {
    await db.query('UPDATE password_reset_codes SET used_at = now() WHERE idx = $1', [codeIdx]);
  },
};

export type PatientRepository = typeof patientRepository;
