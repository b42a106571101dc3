import { z } from 'zod';
import { calendarDate, int4Id, int4Query, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Appointments (issue 16, schedules): the hospital's appointments of a patient, the patient's
 * change and cancel requests that staff accept or decline, the patient's own personal items,
 * and an `.ics` file per appointment. Times are instants (ISO with offset), shown in Asia/Seoul.
 */
export const APPOINTMENT_TYPES = [
  'OUTPATIENT', // 외래 진료
  'EXAM', // 검사
  'ADMISSION', // 입원
  'SURGERY', // 수술
  'TELEMEDICINE', // 비대면 진료
] as const;
export const appointmentTypeSchema = z.enum(APPOINTMENT_TYPES);
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;
/**
 * What staff book here. A 비대면 진료 is booked as a telemedicine visit (its video room,
 * consent and waiting room come with it): an appointment of that type would promise the
 * patient a video call with no room to join.
 */
export const BOOKABLE_APPOINTMENT_TYPES = [
  'OUTPATIENT',
  'EXAM',
  'ADMISSION',
  'SURGERY',
] as const satisfies readonly AppointmentType[];
export const bookableAppointmentTypeSchema = z.enum(BOOKABLE_APPOINTMENT_TYPES, V.invalid);
export type BookableAppointmentType = z.infer<typeof bookableAppointmentTypeSchema>;
export const isBookableAppointmentType = (type: AppointmentType | null): type is BookableAppointmentType =>
  (BOOKABLE_APPOINTMENT_TYPES as readonly (AppointmentType | null)[]).includes(type);

export const APPOINTMENT_TYPE_KO: Record<AppointmentType, string> = {
  OUTPATIENT: '외래 진료',
  EXAM: '검사',
  ADMISSION: '입원',
  SURGERY: '수술',
  TELEMEDICINE: '비대면 진료',
};

export const APPOINTMENT_STATUSES = [
  'BOOKED', // 예약
  'CHANGE_REQUESTED', // 변경 요청 중
  'CANCEL_REQUESTED', // 취소 요청 중
  'COMPLETED', // 완료
  'CANCELLED', // 취소됨
] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The state machine (decision 029): which status may follow which. */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  BOOKED: ['CHANGE_REQUESTED', 'CANCEL_REQUESTED', 'COMPLETED', 'CANCELLED'],
  CHANGE_REQUESTED: ['BOOKED', 'CANCELLED'],
  CANCEL_REQUESTED: ['CANCELLED', 'BOOKED'],
  COMPLETED: [],
  CANCELLED: [],
};

/** HOSPITAL: made by staff; PERSONAL: the patient's own item (e.g. a pharmacy visit). */
export const APPOINTMENT_KINDS = ['HOSPITAL', 'PERSONAL'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

export const APPOINTMENT_ACTIONS = [
  'CREATED',
  'UPDATED',
  'CHANGE_REQUESTED',
  'CANCEL_REQUESTED',
  'CHANGE_ACCEPTED',
  'CANCEL_ACCEPTED',
  'DECLINED',
  'CANCELLED',
  'COMPLETED',
] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

export const appointmentEventSchema = z.object({
  action: z.enum(APPOINTMENT_ACTIONS),
  actorType: z.enum(['patient', 'staff']),
  actorName: z.string(),
  /** A reason, the patient's words, or the preferred dates. */
  note: z.string(),
  /** The appointment's time after this step. */
  startsAt: z.string(),
  at: z.string(),
});
export type AppointmentEvent = z.infer<typeof appointmentEventSchema>;

export const appointmentSchema = z.object({
  idx: z.number().int(),
  kind: z.enum(APPOINTMENT_KINDS),
  hospitalIdx: z.number().int().nullable(),
  hospitalName: z.string().nullable(),
  patientIdx: z.number().int(),
  patientName: z.string(),
  /** A personal item's title; for a hospital appointment, empty. */
  title: z.string(),
  department: z.string(),
  doctor: z.string(),
  startsAt: z.string(),
  durationMin: z.number().int(),
  building: z.string(),
  floor: z.string(),
  room: z.string(),
  type: appointmentTypeSchema.nullable(),
  preparation: z.string(),
  status: appointmentStatusSchema,
  /** The patient's preferred times of an open change request. */
  preferredTimes: z.array(z.string()),
  requestNote: z.string(),
  /** Why staff declined the last request or cancelled. */
  reason: z.string(),
  updatedAt: z.string(),
  events: z.array(appointmentEventSchema),
});
export type Appointment = z.infer<typeof appointmentSchema>;

const text = (max: number) => safeText().trim().max(max, V.length);
const instant = () => z.iso.datetime({ offset: true, error: V.invalid });

export const appointmentIdxQuerySchema = z.strictObject({ idx: int4Query().positive(V.invalid) });
export const appointmentIdxBodySchema = z.strictObject({ idx: int4Id() });

export const APPOINTMENT_MAX_PREFERRED = 3;

/** `POST /appointment/requestChange`: one to three preferred times, in the future. */
export const requestChangeBodySchema = z.strictObject({
  idx: int4Id(),
  preferredTimes: z.array(instant()).min(1, V.required).max(APPOINTMENT_MAX_PREFERRED, V.invalid),
  note: text(300).optional(),
});
export type RequestChangeBody = z.infer<typeof requestChangeBodySchema>;

export const requestCancelBodySchema = z.strictObject({
  idx: int4Id(),
  note: text(300).optional(),
});
export type RequestCancelBody = z.infer<typeof requestCancelBodySchema>;

/** A personal item of the patient's own. */
export const personalItemBodySchema = z.strictObject({
  title: text(60).min(1, V.required),
  startsAt: instant(),
  place: text(100).optional(),
  memo: text(300).optional(),
  clientRequestId: safeText().min(8).max(64),
});
export type PersonalItemBody = z.infer<typeof personalItemBodySchema>;
export const updatePersonalItemBodySchema = personalItemBodySchema
  .omit({ clientRequestId: true })
  .extend({ idx: int4Id() });
export type UpdatePersonalItemBody = z.infer<typeof updatePersonalItemBodySchema>;

/** An `.ics` file for the phone's calendar. */
export const appointmentIcsSchema = z.object({ fileName: z.string(), content: z.string() });
export type AppointmentIcs = z.infer<typeof appointmentIcsSchema>;

/** Staff: the details of a hospital appointment. */
const appointmentFields = {
  department: text(40).min(1, V.required),
  doctor: text(40).min(1, V.required),
  startsAt: instant(),
  durationMin: z
    .number()
    .int(V.invalid)
    .min(5, V.invalid)
    .max(24 * 60, V.invalid),
  building: text(40).optional(),
  floor: text(20).optional(),
  room: text(40).optional(),
  type: bookableAppointmentTypeSchema,
  preparation: text(1000).optional(),
};
export const createAppointmentBodySchema = z.strictObject({
  patientIdx: int4Id(),
  ...appointmentFields,
  clientRequestId: safeText().min(8).max(64),
});
export type CreateAppointmentBody = z.infer<typeof createAppointmentBodySchema>;
export const updateAppointmentBodySchema = z.strictObject({ idx: int4Id(), ...appointmentFields });
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBodySchema>;

export const reasonBodySchema = z.strictObject({
  idx: int4Id(),
  reason: text(300).min(1, V.required),
});
export type ReasonBody = z.infer<typeof reasonBodySchema>;

/** Accepting a change request: the new time (one of the preferred ones, or another). */
export const acceptRequestBodySchema = z.strictObject({
  idx: int4Id(),
  startsAt: instant().optional(),
});
export type AcceptRequestBody = z.infer<typeof acceptRequestBodySchema>;

/** Staff: a day or a week (from `date`, Asia/Seoul) of one department or all. */
export const scheduleQuerySchema = z.strictObject({
  date: calendarDate(),
  view: z.enum(['day', 'week']),
  department: text(40).optional(),
});
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;
export const scheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The departments the hospital has appointments in (for the filter). */
  departments: z.array(z.string()),
  appointments: z.array(appointmentSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** Staff: the hospital's patients to book for. */
export const bookablePatientSchema = z.object({ idx: z.number().int(), name: z.string() });
export type BookablePatient = z.infer<typeof bookablePatientSchema>;

/** Days from today to the appointment's day, both in Asia/Seoul ("D-3"; 0 is today). */
export function daysUntil(startsAt: string, now: Date): number {
  const day = (d: Date) => Math.floor((d.getTime() + 9 * 3_600_000) / 86_400_000);
  return day(new Date(startsAt)) - day(now);
}
