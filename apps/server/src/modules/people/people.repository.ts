import type { SqlQueryable } from '../../plugins/db/db.plugin.ts';

/** Repositories only query; they run on the database or inside a transaction alike. */
type Sql = Pick<SqlQueryable, 'query'>;

/** A live patient account as other modules see it. */
export interface PatientEntry {
  idx: number;
  name: string;
  /** The hospital the app has chosen now (it may change after login). */
  chosenHospitalIdx: number | null;
  /** Signed up in the home-care area (`HOMECARE` in `areas`, decision 021). */
  homeCare: boolean;
}

/** An active staff member as other modules see them. */
export interface StaffEntry {
  idx: number;
  name: string;
  hospitalIdx: number;
  /** NURSE, DOCTOR, … (names the staff member in the patient's "joined" notice). */
  role: string;
}

/** What the diet defaults need of a patient (issue 15): sex and birth date, when given. */
export interface PatientBasics {
  sex: 'M' | 'F' | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
}

/** Who a patient or staff member is, SQL only. */
export const peopleRepository = {
  /** Deleted accounts are nobody. */
  async findPatient(db: Sql, patientIdx: number): Promise<PatientEntry | null> {
    const { rows } = await db.query<PatientEntry>(
      `SELECT idx, name, chose_hospital_idx AS "chosenHospitalIdx", 'HOMECARE' = ANY (areas) AS "homeCare"
         FROM patients WHERE idx = $1 AND deleted_at IS NULL`,
      [patientIdx],
    );
    return rows[0] ?? null;
  },

  /** Deactivated staff are nobody. */
  async findStaff(db: Sql, staffIdx: number): Promise<StaffEntry | null> {
    const { rows } = await db.query<StaffEntry>(
      `SELECT idx, name, hospital_idx AS "hospitalIdx", role FROM staff_users WHERE idx = $1 AND active`,
      [staffIdx],
    );
    return rows[0] ?? null;
  },

  /** The hospital's active staff members, by number. */
  async activeStaffOf(db: Sql, hospitalIdx: number): Promise<number[]> {
    const { rows } = await db.query<{ idx: number }>(
      `SELECT idx FROM staff_users WHERE hospital_idx = $1 AND active ORDER BY idx`,
      [hospitalIdx],
    );
    return rows.map((row) => row.idx);
  },

  // issue 15 — diet defaults by sex and age
  async findPatientBasics(db: Sql, patientIdx: number): Promise<PatientBasics | null> {
    const { rows } = await db.query<PatientBasics>(
      `SELECT sex, to_char(birth_date, 'YYYY-MM-DD') AS "birthDate" FROM patients WHERE idx = $1 AND deleted_at IS NULL`,
      [patientIdx],
    );
    return rows[0] ?? null;
  },
};
