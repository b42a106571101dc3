import { z } from 'zod';
import { calendarDate, int4Id, int4Query, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Medication reminders (issue 15): medicines, their schedules, one record per scheduled dose,
 * adherence. Times of day are Korean time (Asia/Seoul, UTC+9 all year).
 */

export const MEDICINE_FORMS = [
  'TABLET',
  'CAPSULE',
  'POWDER',
  'SYRUP',
  'INJECTION',
  'PATCH',
  'DROPS',
  'INHALER',
  'OINTMENT',
  'OTHER',
] as const;
export type MedicineForm = (typeof MEDICINE_FORMS)[number];

export const MEAL_RELATIONS = ['NONE', 'BEFORE_MEAL', 'WITH_MEAL', 'AFTER_MEAL'] as const;
export type MealRelation = (typeof MEAL_RELATIONS)[number];

export const DOSE_STATUSES = ['PENDING', 'TAKEN', 'SKIPPED', 'MISSED'] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];

/** A dose may be taken this long before its time (earlier is refused). */
export const DOSE_EARLY_WINDOW_MIN = 60;
/** "15분 뒤 알림". */
export const SNOOZE_MIN = 15;
/** A missed or skipped dose can still be recorded as taken (late) within this time of its schedule. */
export const LATE_TAKE_LIMIT_H = 24;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.invalid);

/** One medicine of the seeded list (Korean package names). */
export const medicineSchema = z.object({
  code: z.string(),
  name: z.string(),
  ingredient: z.string(),
  form: z.enum(MEDICINE_FORMS),
  strength: z.string(),
});
export type Medicine = z.infer<typeof medicineSchema>;

export const medicineSearchQuerySchema = z.strictObject({
  q: safeText().trim().min(1, V.empty).max(40, V.invalid),
});

/** What the patient or a nurse enters. `times` are 'HH:MM'; with `everyHours` the first is the start. */
export const medicationInputSchema = z
  .strictObject({
    name: safeText().trim().min(1, V.empty).max(100, V.invalid),
    /** The seeded list's code when chosen from it; null for free text. */
    medicineCode: z.string().max(20, V.invalid).nullable().optional(),
    strength: safeText().trim().max(40, V.invalid).default(''),
    form: z.enum(MEDICINE_FORMS, V.invalid),
    /** Tablets, capsules, packets or mL per intake. */
    dosePerIntake: z.number().positive(V.invalid).max(100, V.invalid),
    times: z.array(hhmm).min(1, V.required).max(8, V.invalid),
    /** null: at the listed times; N: every N hours from the first time. */
    everyHours: z.number().int().min(1, V.invalid).max(24, V.invalid).nullable().default(null),
    /** ISO weekdays 1 (Mon) … 7 (Sun); empty: every day. */
    daysOfWeek: z.array(z.number().int().min(1, V.invalid).max(7, V.invalid)).max(7, V.invalid).default([]),
    meal: z.enum(MEAL_RELATIONS, V.invalid).default('NONE'),
    startDate: calendarDate(),
    /** null: "계속" (until stopped). */
    endDate: calendarDate().nullable().default(null),
    instructions: safeText().trim().max(500, V.invalid).default(''),
    /** Intakes' worth left (e.g. tablets); null: not counted. */
    stock: z.number().min(0, V.invalid).max(100_000, V.invalid).nullable().default(null),
    refillThreshold: z.number().int().min(0, V.invalid).max(1000, V.invalid).nullable().default(null),
    prescribedBy: safeText().trim().max(50, V.invalid).default(''),
  })
  .superRefine((value, context) => {
    if (value.endDate !== null && value.endDate < value.startDate)
      context.addIssue({ code: 'custom', path: ['endDate'], message: V.invalid });
    if (new Set(value.times).size !== value.times.length)
      context.addIssue({ code: 'custom', path: ['times'], message: V.invalid });
  });
export type MedicationInput = z.input<typeof medicationInputSchema>;
export type MedicationValues = z.output<typeof medicationInputSchema>;

export const addMedicationBodySchema = medicationInputSchema;
export const updateMedicationBodySchema = z.strictObject({
  idx: int4Id(),
  medication: medicationInputSchema,
});
export const medicationIdxBodySchema = z.strictObject({ idx: int4Id() });
export const medicationIdxQuerySchema = z.strictObject({ idx: int4Query().positive(V.invalid) });
export const prescribeBodySchema = z.strictObject({
  patientIdx: int4Id(),
  medication: medicationInputSchema,
});
export const patientIdxQuerySchema = z.strictObject({ patientIdx: int4Query().positive(V.invalid) });

export const doseActionBodySchema = z.strictObject({ doseIdx: int4Id() });
export const skipDoseBodySchema = z.strictObject({
  doseIdx: int4Id(),
  reason: safeText().trim().max(200, V.invalid).optional(),
});
export const dayQuerySchema = z.strictObject({ date: calendarDate().optional() });
export const monthQuerySchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, V.invalid),
});

export const medicationSchema = z.object({
  idx: z.number().int(),
  patientIdx: z.number().int(),
  name: z.string(),
  medicineCode: z.string().nullable(),
  strength: z.string(),
  form: z.enum(MEDICINE_FORMS),
  dosePerIntake: z.number(),
  times: z.array(z.string()),
  everyHours: z.number().int().nullable(),
  daysOfWeek: z.array(z.number().int()),
  meal: z.enum(MEAL_RELATIONS),
  startDate: z.string(),
  endDate: z.string().nullable(),
  instructions: z.string(),
  stock: z.number().nullable(),
  refillThreshold: z.number().int().nullable(),
  /** Intakes the stock still covers (stock / dose), null when not counted. */
  dosesLeft: z.number().int().nullable(),
  refillDue: z.boolean(),
  prescribedBy: z.string(),
  /** A nurse of the hospital prescribed it in the console. */
  byStaff: z.boolean(),
  status: z.enum(['ACTIVE', 'STOPPED']),
  stoppedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Medication = z.infer<typeof medicationSchema>;

export const doseSchema = z.object({
  idx: z.number().int(),
  medicationIdx: z.number().int(),
  medicationName: z.string(),
  strength: z.string(),
  form: z.enum(MEDICINE_FORMS),
  dosePerIntake: z.number(),
  meal: z.enum(MEAL_RELATIONS),
  scheduledAt: z.string(),
  status: z.enum(DOSE_STATUSES),
  takenAt: z.string().nullable(),
  late: z.boolean(),
  skipReason: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  /** Due now: from 15 minutes before its time until its missed window passes. */
  dueNow: z.boolean(),
  /** May be taken now (within the early window, or late within LATE_TAKE_LIMIT_H). */
  takeable: z.boolean(),
});
export type Dose = z.infer<typeof doseSchema>;

export const medicationDetailSchema = z.object({
  medication: medicationSchema,
  /** Newest first, at most 60. */
  history: z.array(doseSchema),
});
export type MedicationDetail = z.infer<typeof medicationDetailSchema>;

export const DAY_ADHERENCE = ['ALL_TAKEN', 'SOME_TAKEN', 'MISSED', 'UPCOMING', 'NONE'] as const;
export type DayAdherence = (typeof DAY_ADHERENCE)[number];

export const calendarDaySchema = z.object({
  date: z.string(),
  scheduled: z.number().int(),
  taken: z.number().int(),
  skipped: z.number().int(),
  missed: z.number().int(),
  pending: z.number().int(),
  adherence: z.enum(DAY_ADHERENCE),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** Share of doses taken among those whose time has come (null: none yet). */
const rate = z.number().min(0).max(1).nullable();

export const calendarSchema = z.object({
  month: z.string(),
  days: z.array(calendarDaySchema),
  monthRate: rate,
  /** The last 7 days up to today (Korean time). */
  weekRate: rate,
});
export type MedicationCalendar = z.infer<typeof calendarSchema>;

export const patientMedicationsSchema = z.object({
  /** The patient's name, for the console's heading (the nurse must see whose medicines these are). */
  patientName: z.string(),
  medications: z.array(medicationSchema),
  rate7: rate,
  rate30: rate,
  /** Missed doses of the last 30 days, newest first. */
  missed: z.array(doseSchema),
});
export type PatientMedications = z.infer<typeof patientMedicationsSchema>;

/** The Korean unit of one intake by form (the apps' catalogues hold the translations). */
export const FORM_UNIT_KO: Record<MedicineForm, string> = {
  TABLET: '정',
  CAPSULE: '캡슐',
  POWDER: '포',
  SYRUP: 'mL',
  INJECTION: '회',
  PATCH: '매',
  DROPS: '방울',
  INHALER: '회',
  OINTMENT: '회',
  OTHER: '회',
};
