import { z } from 'zod';
import { int4Id } from './safe-input.ts';

/**
 * Admissions (issue 10): where an inpatient lies, as staff recorded it. Staff create and close
 * them; a nurse call goes to the ward of the patient's active admission (decision 010).
 */
const place = z.string().trim().min(1).max(20);
// NUL and other control characters never reach the database (a char-code test: no-control-regex).
export const noControl = (value: string) =>
  ![...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

export const admissionSchema = z.object({
  idx: z.number().int(),
  patientIdx: z.number().int(),
  hospitalIdx: z.number().int(),
  hospitalName: z.string(),
  /** The name as the hospital recorded it (what the ward board shows). */
  patientName: z.string(),
  ward: z.string(),
  bed: z.string(),
  /** When staff confirmed the patient's identity; null = not confirmed. */
  identityConfirmedAt: z.string().nullable(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
});
export type Admission = z.infer<typeof admissionSchema>;

/** One row of the staff console's patient list: the account and its active admission. */
export const admissionPatientSchema = z.object({
  /** The patient number (the patient's idx), shown and searched as such. */
  patientIdx: z.number().int(),
  name: z.string(),
  birthDate: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  areas: z.array(z.enum(['HOSPITAL', 'HOMECARE'])),
  admission: admissionSchema.nullable(),
});
export type AdmissionPatient = z.infer<typeof admissionPatientSchema>;

/** `GET /admission/getPatients?keyword=`: name part or patient number; empty lists the latest. */
export const getAdmissionPatientsQuerySchema = z.strictObject({
  keyword: z.string().trim().max(50).refine(noControl).optional(),
});

/** `POST /admission/admit` (staff, own hospital only). */
export const admitBodySchema = z.strictObject({
  patientIdx: int4Id(),
  /** The hospital's record of the name; the account's name when left out. */
  patientName: z.string().trim().min(1).max(50).refine(noControl).optional(),
  ward: place.refine(noControl),
  bed: place.refine(noControl),
  identityConfirmed: z.boolean(),
});
export type AdmitBody = z.infer<typeof admitBodySchema>;

/** `PUT /admission/moveBed`. */
export const moveBedBodySchema = z.strictObject({
  admissionIdx: int4Id(),
  ward: place.refine(noControl),
  bed: place.refine(noControl),
});
export type MoveBedBody = z.infer<typeof moveBedBodySchema>;

/** `PUT /admission/discharge`. */
export const dischargeBodySchema = z.strictObject({
  admissionIdx: int4Id(),
});
export type DischargeBody = z.infer<typeof dischargeBodySchema>;

/** `GET /admission/getMyAdmission` (patient): the active admission or null. */
export const myAdmissionSchema = admissionSchema
  .pick({ hospitalIdx: true, hospitalName: true, ward: true, bed: true, admittedAt: true })
  .nullable();
export type MyAdmission = z.infer<typeof myAdmissionSchema>;
