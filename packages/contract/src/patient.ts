import { z } from 'zod';
import { LOGIN_ID_PATTERN, PASSWORD_PATTERN } from './auth.ts';
import { careAreaSchema } from './hospital.ts';
import { calendarDate, int4Id, safeText } from './safe-input.ts';
import { consentSchema, termsCodeSchema } from './terms.ts';
import { ValidationMessage as V } from './validation-messages.ts';

const isoDate = calendarDate();
const phone = safeText()
  .trim()
  .regex(/^[0-9-]{9,15}$/, V.invalid);
const email = z.email(V.email).max(254, V.invalid);

/** `GET /patient/getPatient` — the profile the app keeps as `myData` (spec §3). */
export const patientProfileSchema = z.object({
  idx: z.number().int(),
  loginId: z.string(),
  name: z.string(),
  description: z.string(),
  birthDate: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  areas: z.array(careAreaSchema),
  choseHospitalIdx: z.number().int().nullable(),
  choseHospitalName: z.string().nullable(),
  /** Ward and bed travel with a nurse call (domain.md, nurse call). */
  ward: z.string().nullable(),
  bed: z.string().nullable(),
  createdAt: z.string(),
  /** When a deletion request is pending: the time it will be carried out. */
  deletionDueAt: z.string().nullable(),
});
export type PatientProfile = z.infer<typeof patientProfileSchema>;

export const bodyInfoSchema = z.object({
  heightCm: z.number().min(50).max(250).nullable(),
  weightKg: z.number().min(2).max(300).nullable(),
  bloodType: z.enum(['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-']).nullable(),
  allergies: safeText().max(500),
  chronicConditions: safeText().max(500),
  medications: safeText().max(500),
  emergencyContactName: safeText().max(50),
  emergencyContactPhone: safeText().max(20),
});
export type BodyInfo = z.infer<typeof bodyInfoSchema>;
/** `PUT /patient/updateBodyInfo`: any subset of the fields. */
export const updateBodyInfoBodySchema = z.strictObject(bodyInfoSchema.partial().shape);
export type UpdateBodyInfoBody = z.infer<typeof updateBodyInfoBodySchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.invalid);
export const alarmSettingsSchema = z.object({
  chat: z.boolean(),
  nurseCall: z.boolean(),
  medication: z.boolean(),
  schedule: z.boolean(),
  notice: z.boolean(),
  // issue 12: Q&A answers and document requests have their own switches (defaults on)
  qna: z.boolean(),
  document: z.boolean(),
  /** Advertising pushes need their own opt-in, and another one for 21:00–08:00 (domain.md). */
  marketing: z.boolean(),
  marketingNight: z.boolean(),
  quietHoursEnabled: z.boolean(),
  quietHoursStart: hhmm,
  quietHoursEnd: hhmm,
});
export type AlarmSettings = z.infer<typeof alarmSettingsSchema>;
/** `PUT /patient/alarmUpdate`: any subset of the switches. */
export const alarmUpdateBodySchema = z.strictObject(alarmSettingsSchema.partial().shape);
export type AlarmUpdateBody = z.infer<typeof alarmUpdateBodySchema>;

/** `GET /patient/getMyData`. */
export const myDataSchema = z.object({
  profile: patientProfileSchema,
  bodyInfo: bodyInfoSchema,
  alarmSettings: alarmSettingsSchema,
  consents: z.array(consentSchema),
});
export type MyData = z.infer<typeof myDataSchema>;

/** `PUT /patient/updateMyData`: profile fields; `choseHospitalIdx` must name an existing hospital. */
export const updateMyDataBodySchema = z.strictObject({
  name: safeText().trim().min(1, V.empty).max(50, V.invalid).optional(),
  description: safeText().trim().max(200, V.invalid).optional(),
  birthDate: isoDate.nullable().optional(),
  sex: z.enum(['M', 'F']).nullable().optional(),
  phone: phone.nullable().optional(),
  email: email.nullable().optional(),
  choseHospitalIdx: int4Id().optional(),
  ward: safeText().trim().max(20, V.invalid).nullable().optional(),
  bed: safeText().trim().max(20, V.invalid).nullable().optional(),
});
export type UpdateMyDataBody = z.infer<typeof updateMyDataBodySchema>;

/** `PUT /patient/updateFcmToken` (spec §7). */
export const updateFcmTokenBodySchema = z.strictObject({
  fcmToken: safeText().min(1, V.empty).max(4096, V.invalid),
  platform: z.enum(['android', 'ios', 'unknown']).optional(),
});
export type UpdateFcmTokenBody = z.infer<typeof updateFcmTokenBodySchema>;

/** `DELETE /patient/deleteRequest`: deletion after a grace period, unless withdrawn. */
export const deleteRequestBodySchema = z.strictObject({ reason: safeText().max(500).optional() });
export const deletionRequestSchema = z.object({ requestedAt: z.string(), dueAt: z.string() });
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** `GET /patient/deletionPolicy` (public): the grace period the server really applies. */
export const deletionPolicySchema = z.object({ graceDays: z.number().int().min(0) });
export type DeletionPolicy = z.infer<typeof deletionPolicySchema>;

/** `DELETE /patient/delete`: immediate, password confirmed. */
export const deletePatientBodySchema = z.strictObject({ password: safeText().min(1, V.required).max(128) });
export type DeletePatientBody = z.infer<typeof deletePatientBodySchema>;

/** `POST /patient/signUp` — the account area's sign-up (spec §2 hinted content, §5 messages). */
export const signUpBodySchema = z
  .strictObject({
    // Nothing typed asks for the field; only spaces is "cannot be empty" (the app says the same).
    loginId: safeText()
      .min(1, { message: V.required, abort: true })
      .trim()
      .min(1, { message: V.empty, abort: true })
      .regex(LOGIN_ID_PATTERN, V.loginIdRule),
    name: safeText()
      .min(1, { message: V.required, abort: true })
      .trim()
      .min(1, { message: V.empty, abort: true })
      .max(50, V.invalid),
    email: email,
    password: safeText().min(1, V.required).regex(PASSWORD_PATTERN, V.passwordRule),
    passwordConfirm: safeText().min(1, V.required),
    area: careAreaSchema.default('HOSPITAL'),
    /** Terms the patient ticked; every required one must be there. */
    agreedTermsCodes: z.array(termsCodeSchema).max(20),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    message: V.passwordMismatch,
    path: ['passwordConfirm'],
  });
export type SignUpBody = z.infer<typeof signUpBodySchema>;
export const signUpDataSchema = z.object({ idx: z.number().int(), loginId: z.string() });

/** `POST /patient/requestPasswordReset`: always answers success, so it cannot reveal accounts. */
export const requestPasswordResetBodySchema = z.strictObject({
  loginId: safeText().trim().min(1, V.required).max(64),
  email: email,
});
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBodySchema>;

/** `POST /patient/resetPassword` with the 6-digit code sent by e-mail. */
export const resetPasswordBodySchema = z
  .strictObject({
    loginId: safeText().trim().min(1, V.required).max(64),
    verificationCode: z.string().regex(/^\d{6}$/, V.length),
    newPassword: safeText().min(1, V.required).regex(PASSWORD_PATTERN, V.passwordRule),
    newPasswordConfirm: safeText().min(1, V.required),
  })
  .refine((body) => body.newPassword === body.newPasswordConfirm, {
    message: V.passwordMismatch,
    path: ['newPasswordConfirm'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
