import type { CareArea } from '@smartcare/contract/hospital';
import type { StaffRole } from '@smartcare/contract/staff';
import { hashPassword } from '../lib/passwords.ts';
import type { Database } from '../plugins/db/database.ts';
import { hospitalRepository } from '../modules/hospital/hospital.repository.ts';
import { patientRepository } from '../modules/patient/patient.repository.ts';
import { staffRepository } from '../modules/staff/staff.repository.ts';
import { termsRepository } from '../modules/terms/terms.repository.ts';
import { DEFAULT_TERMS } from './default-terms.ts';
import { seedDemoHospitalContent } from './demo-hospital-content.ts';
// issue 16 — appointments
import { seedDemoAppointments } from './demo-appointments.ts';
// issue 17 — telemedicine
import { seedDemoTelemedicine } from './demo-telemedicine.ts';
// issue 15 — medication
import { seedDemoMedication } from './demo-medication.ts';

export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoLogin {
  kind: 'patient' | 'staff';
  loginId: string;
  note: string;
}

const HOSPITALS = [
  {
    name: '스마트병원 서울본원',
    address: '서울특별시 종로구 대학로 101',
    phone: '02-2072-0000',
    areas: ['HOSPITAL', 'HOMECARE'] as CareArea[],
  },
  {
    name: '스마트병원 부산분원',
    address: '부산광역시 서구 구덕로 179',
    phone: '051-240-0000',
    areas: ['HOSPITAL', 'HOMECARE'] as CareArea[],
  },
];

/**
 * At every start: sign-up asks for the required consents (PIPA Art. 22–23), so a deployment
 * never runs without terms. A fresh database starts with the default texts; hospitals publish
 * newer ones, which are left alone.
 */
export async function ensureDefaultTerms(db: Database): Promise<void> {
  if (await termsRepository.anyPublished(db)) return;
  for (const item of DEFAULT_TERMS) await termsRepository.publish(db, item);
}

/** Publishes the default terms (idempotent): sign-up needs them in every deployment. */
export async function publishDefaultTerms(db: Database): Promise<void> {
  for (const item of DEFAULT_TERMS) await termsRepository.publish(db, item);
}

/**
 * Demo data for `npm start` on the embedded database. Idempotent: what exists already is
 * left alone, so a restart neither duplicates nor resets anything.
 */
export async function seedDemo(db: Database): Promise<{ logins: DemoLogin[] }> {
  await publishDefaultTerms(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const found: number[] = [];
    for (const hospital of HOSPITALS) {
      found.push(
        (await hospitalRepository.findByName(tx, hospital.name))?.idx ??
          (await hospitalRepository.insert(tx, hospital)).idx,
      );
    }
    const [seoulIdx, busanIdx] = found as [number, number];
    // issue 14: notices, FAQ and guides of each demo hospital (once per hospital)
    for (const [i, hospital] of HOSPITALS.entries()) {
      await seedDemoHospitalContent(tx, { idx: found[i]!, name: hospital.name, phone: hospital.phone });
    }

    const demoPatients = [
      {
        loginId: 'demo',
        name: '김하늘',
        areas: ['HOSPITAL'] as CareArea[],
        choseHospitalIdx: seoulIdx,
        ward: '7병동',
        bed: '703-2',
        birthDate: '1958-03-14',
        sex: 'F' as const,
        phone: '010-1234-5678',
        email: 'demo@smartcare.local',
      },
      {
        loginId: 'homecare',
        name: '박재택',
        areas: ['HOMECARE'] as CareArea[],
        choseHospitalIdx: seoulIdx,
        ward: null,
        bed: null,
        birthDate: '1949-11-02',
        sex: 'M' as const,
        phone: '010-2345-6789',
        email: 'homecare@smartcare.local',
      },
    ];
    let createdDemoIdx: number | null = null;
    let createdHomecareIdx: number | null = null;
    for (const patient of demoPatients) {
      if (await patientRepository.loginIdTaken(tx, patient.loginId)) continue;
      const created = await patientRepository.insert(tx, { ...patient, passwordHash });
      if (patient.loginId === 'demo') createdDemoIdx = created.idx;
      if (patient.loginId === 'homecare') createdHomecareIdx = created.idx;
      for (const item of DEFAULT_TERMS) {
        // Demo patients agreed to the required terms and to location; not to advertising.
        await patientRepository.answerConsent(
          tx,
          created.idx,
          item.termsCode,
          item.version,
          item.required || item.termsCode === 'LOCATION',
        );
      }
      await patientRepository.upsertBodyInfo(
        tx,
        created.idx,
        patient.loginId === 'demo'
          ? { heightCm: 162, weightKg: 58, bloodType: 'A+' }
          : { heightCm: 170, weightKg: 66, bloodType: 'O+', chronicConditions: '고혈압' },
      );
    }
    const demoStaff: { loginId: string; name: string; role: StaffRole; hospitalIdx: number }[] = [
      { loginId: 'nurse', name: '이간호', role: 'NURSE', hospitalIdx: seoulIdx },
      { loginId: 'admin', name: '최관리', role: 'ADMIN', hospitalIdx: seoulIdx },
      { loginId: 'nurse2', name: '정간호', role: 'NURSE', hospitalIdx: busanIdx },
    ];
    for (const member of demoStaff) {
      if (await staffRepository.findCredentialsByLoginId(tx, member.loginId)) continue;
      await staffRepository.insert(tx, { ...member, passwordHash });
    }
    // The demo nurse admits, books, prescribes and sees by video in the demo data below.
    const nurseRow = await staffRepository.findCredentialsByLoginId(tx, 'nurse');
    const demoNurse = nurseRow && { idx: nurseRow.idx, name: demoStaff[0]!.name };

    // The inpatient lies in 7병동 703-2, admitted by the demo nurse with identity confirmed,
    // so nurse calls work (issue 10); home care has no admission. Only when the account is new:
    // a discharge made in the demo is not undone by a restart.
    if (createdDemoIdx !== null && demoNurse) {
      await tx.query(
        `INSERT INTO admissions (patient_idx, hospital_idx, patient_name, ward, bed, identity_confirmed_at, admitted_by_idx)
         VALUES ($1, $2, '김하늘', '7병동', '703-2', now(), $3)`,
        [createdDemoIdx, seoulIdx, demoNurse.idx],
      );
      // issue 16: the demo patient's appointments and a personal item
      await seedDemoAppointments(tx, {
        patientIdx: createdDemoIdx,
        hospitalIdx: seoulIdx,
        staff: demoNurse,
      });
    }

    // issue 15: the home-care patient's medicines with weeks of doses, prescribed by the demo
    // nurse (only when the account is new: what the demo records is not overwritten)
    if (createdHomecareIdx !== null && demoNurse) {
      await seedDemoMedication(tx, { patientIdx: createdHomecareIdx, prescriber: demoNurse });
    }

    // issue 17 — telemedicine is a home-care service: the home-care demo patient's visits with the
    // demo nurse (a visit open now at every start, one next week, one finished with a summary)
    const demoPatient = await tx.maybeOne<{ idx: number }>(
      `SELECT idx FROM patients WHERE login_id = 'homecare' AND deleted_at IS NULL`,
    );
    if (demoPatient && demoNurse) {
      await seedDemoTelemedicine(tx, {
        patientIdx: demoPatient.idx,
        hospitalIdx: seoulIdx,
        clinician: demoNurse,
      });
    }

    return {
      logins: [
        {
          kind: 'patient',
          loginId: 'demo',
          note: `hospital area, ${HOSPITALS[0]!.name} 7병동 703-2 (/#/hospital/login)`,
        },
        { kind: 'patient', loginId: 'homecare', note: 'home-care area (/#/homecare/login)' },
        { kind: 'staff', loginId: 'nurse', note: `NURSE, ${HOSPITALS[0]!.name} (/staff/)` },
        { kind: 'staff', loginId: 'admin', note: `ADMIN, ${HOSPITALS[0]!.name} (/staff/)` },
        { kind: 'staff', loginId: 'nurse2', note: `NURSE, ${HOSPITALS[1]!.name} (/staff/)` },
      ],
    };
  });
}
