import type { CareArea, Hospital } from '@smartcare/contract/hospital';
import type { SqlQueryable } from '../../plugins/db/database.ts';

export interface NewHospital {
  name: string;
  address?: string;
  phone?: string;
  areas?: CareArea[];
  nurseCallEscalationMin?: number;
}

const COLUMNS = 'idx, name, address, phone, areas';

/** LIKE wildcards in a keyword are literal characters, not patterns. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const hospitalRepository = {
  async list(db: SqlQueryable, keyword: string | undefined): Promise<Hospital[]> {
    const { rows } = keyword
      ? await db.query<Hospital>(
          `SELECT ${COLUMNS} FROM hospitals WHERE name ILIKE $1 OR address ILIKE $1 ORDER BY name, idx`,
          [likePattern(keyword)],
        )
      : await db.query<Hospital>(`SELECT ${COLUMNS} FROM hospitals ORDER BY name, idx`);
    return rows;
  },

  findByIdx(db: SqlQueryable, idx: number): Promise<Hospital | null> {
    return db.maybeOne<Hospital>(`SELECT ${COLUMNS} FROM hospitals WHERE idx = $1`, [idx]);
  },

  findByName(db: SqlQueryable, name: string): Promise<Hospital | null> {
    return db.maybeOne<Hospital>(`SELECT ${COLUMNS} FROM hospitals WHERE name = $1`, [name]);
  },

  insert(db: SqlQueryable, hospital: NewHospital): Promise<Hospital> {
    return db.one<Hospital>(
      `INSERT INTO hospitals (name, address, phone, areas, nurse_call_escalation_min)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [
        hospital.name,
        hospital.address ?? '',
        hospital.phone ?? '',
        hospital.areas ?? ['HOSPITAL', 'HOMECARE'],
        hospital.nurseCallEscalationMin ?? null,
      ],
    );
  },
};

export type HospitalRepository = typeof hospitalRepository;
