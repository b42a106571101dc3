import { z } from 'zod';
import { calendarDate, int4Id, int4Query, safeText } from './safe-input.ts';
import type { AppLocale } from './result-code-values.ts';
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

/** 'HH:MM', 00:00–23:59. */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MEDICATION_NAME_MAX = 100;
export const STRENGTH_MAX = 40;
export const DOSE_PER_INTAKE_MAX = 100;
export const TIMES_MAX = 8;
export const INSTRUCTIONS_MAX = 500;
export const STOCK_MAX = 100_000;
export const REFILL_THRESHOLD_MAX = 1000;
export const PRESCRIBED_BY_MAX = 50;

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

/**
 * What the patient or a nurse enters. `times` are 'HH:MM'; with `everyHours` the first is the start.
 * The schema checks the shape only (and caps lengths at twice the limit); the ranges and
 * formats are checked by `medicationProblems`, so each field gets its own message
 * (`medicationProblemMessages`), as the diet's meals do.
 */
export const medicationInputSchema = z.strictObject({
  name: safeText()
    .trim()
    .max(MEDICATION_NAME_MAX * 2, V.invalid),
  /** The seeded list's code when chosen from it; null for free text. */
  medicineCode: z.string().max(20, V.invalid).nullable().optional(),
  strength: safeText()
    .trim()
    .max(STRENGTH_MAX * 2, V.invalid)
    .default(''),
  form: z.enum(MEDICINE_FORMS, V.invalid),
  /** Tablets, capsules, packets or mL per intake. */
  dosePerIntake: z.number(),
  times: z.array(safeText().max(20, V.invalid)).max(TIMES_MAX * 3, V.invalid),
  /** null: at the listed times; N: every N hours from the first time. */
  everyHours: z.number().nullable().default(null),
  /** ISO weekdays 1 (Mon) … 7 (Sun); empty: every day. */
  daysOfWeek: z.array(z.number()).max(14, V.invalid).default([]),
  meal: z.enum(MEAL_RELATIONS, V.invalid).default('NONE'),
  startDate: calendarDate(),
  /** null: "계속" (until stopped). */
  endDate: calendarDate().nullable().default(null),
  instructions: safeText()
    .trim()
    .max(INSTRUCTIONS_MAX * 2, V.invalid)
    .default(''),
  /** Intakes' worth left (e.g. tablets); null: not counted. */
  stock: z.number().nullable().default(null),
  refillThreshold: z.number().nullable().default(null),
  prescribedBy: safeText()
    .trim()
    .max(PRESCRIBED_BY_MAX * 2, V.invalid)
    .default(''),
});
export type MedicationInput = z.input<typeof medicationInputSchema>;
export type MedicationValues = z.output<typeof medicationInputSchema>;

export const MEDICATION_PROBLEMS = [
  'nameRequired',
  'nameLength',
  'strengthLength',
  'doseNotPositive',
  'doseTooLarge',
  'timesRequired',
  'timeFormat',
  'timesTooMany',
  'timesDuplicate',
  'everyHoursRange',
  'dayOfWeek',
  'endBeforeStart',
  'instructionsLength',
  'stockRange',
  'refillThresholdRange',
  'prescribedByLength',
] as const;
export type MedicationProblem = (typeof MEDICATION_PROBLEMS)[number];

/** One message per problem, in each language the server answers in (spec §5: per field, Korean first). */
export const medicationProblemMessages: Record<AppLocale, Record<MedicationProblem, string>> = {
  'kr-KO': {
    nameRequired: '약 이름을 입력해 주세요',
    nameLength: `약 이름은 ${MEDICATION_NAME_MAX}자 이내로 입력해 주세요`,
    strengthLength: `함량은 ${STRENGTH_MAX}자 이내로 입력해 주세요`,
    doseNotPositive: '1회 복용량은 0보다 커야 합니다',
    doseTooLarge: `1회 복용량은 ${DOSE_PER_INTAKE_MAX} 이하로 입력해 주세요`,
    timesRequired: '복용 시각을 하나 이상 입력해 주세요',
    timeFormat: '복용 시각은 HH:MM 형식으로 입력해 주세요',
    timesTooMany: `복용 시각은 ${TIMES_MAX}개까지 입력할 수 있습니다`,
    timesDuplicate: '같은 복용 시각이 두 번 있습니다',
    everyHoursRange: '복용 간격은 1~24시간 사이의 정수로 입력해 주세요',
    dayOfWeek: '요일을 다시 골라 주세요',
    endBeforeStart: '종료일은 시작일 이후여야 합니다',
    instructionsLength: `복용 안내는 ${INSTRUCTIONS_MAX}자 이내로 입력해 주세요`,
    stockRange: `남은 약은 0 이상 ${STOCK_MAX.toLocaleString('ko-KR')} 이하로 입력해 주세요`,
    refillThresholdRange: `보충 알림 기준은 0 이상 ${REFILL_THRESHOLD_MAX.toLocaleString('ko-KR')} 이하의 정수로 입력해 주세요`,
    prescribedByLength: `처방한 사람은 ${PRESCRIBED_BY_MAX}자 이내로 입력해 주세요`,
  },
  'en-US': {
    nameRequired: 'Please enter the name of the medicine',
    nameLength: `The name can have at most ${MEDICATION_NAME_MAX} characters`,
    strengthLength: `The strength can have at most ${STRENGTH_MAX} characters`,
    doseNotPositive: 'The dose per intake must be more than 0',
    doseTooLarge: `The dose per intake can be at most ${DOSE_PER_INTAKE_MAX}`,
    timesRequired: 'Please enter at least one time',
    timeFormat: 'Enter the time as HH:MM',
    timesTooMany: `At most ${TIMES_MAX} times a day`,
    timesDuplicate: 'The same time is listed twice',
    everyHoursRange: 'Enter a whole number of hours from 1 to 24',
    dayOfWeek: 'Please choose the days again',
    endBeforeStart: 'The end date must not be before the start date',
    instructionsLength: `The instructions can have at most ${INSTRUCTIONS_MAX} characters`,
    stockRange: `Enter a stock from 0 to ${STOCK_MAX.toLocaleString('en-US')}`,
    refillThresholdRange: `Enter a whole number from 0 to ${REFILL_THRESHOLD_MAX.toLocaleString('en-US')}`,
    prescribedByLength: `The prescriber can have at most ${PRESCRIBED_BY_MAX} characters`,
  },
  'zh-CN': {
    nameRequired: '请输入药品名称',
    nameLength: `药品名称最多${MEDICATION_NAME_MAX}个字`,
    strengthLength: `含量最多${STRENGTH_MAX}个字`,
    doseNotPositive: '每次用量必须大于0',
    doseTooLarge: `每次用量不能超过${DOSE_PER_INTAKE_MAX}`,
    timesRequired: '请至少输入一个服药时间',
    timeFormat: '服药时间请按 HH:MM 格式输入',
    timesTooMany: `服药时间最多${TIMES_MAX}个`,
    timesDuplicate: '服药时间重复',
    everyHoursRange: '服药间隔请输入1到24之间的整数小时',
    dayOfWeek: '请重新选择星期',
    endBeforeStart: '结束日期不能早于开始日期',
    instructionsLength: `服药说明最多${INSTRUCTIONS_MAX}个字`,
    stockRange: `剩余药量请输入0到${STOCK_MAX}之间的数字`,
    refillThresholdRange: `补药提醒标准请输入0到${REFILL_THRESHOLD_MAX}之间的整数`,
    prescribedByLength: `处方人最多${PRESCRIBED_BY_MAX}个字`,
  },
};

export interface MedicationFieldProblem {
  /** The field's path in the body the problem is about (`times.0`, `endDate`), from the medication. */
  field: string;
  problem: MedicationProblem;
}

const inIntRange = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** What is wrong with a medication, one problem per field (a time's own index), or nothing. */
export function medicationProblems(v: MedicationValues): MedicationFieldProblem[] {
  const problems: MedicationFieldProblem[] = [];
  if (v.name === '') problems.push({ field: 'name', problem: 'nameRequired' });
  else if (v.name.length > MEDICATION_NAME_MAX) problems.push({ field: 'name', problem: 'nameLength' });
  if (v.strength.length > STRENGTH_MAX) problems.push({ field: 'strength', problem: 'strengthLength' });
  if (!(Number.isFinite(v.dosePerIntake) && v.dosePerIntake > 0))
    problems.push({ field: 'dosePerIntake', problem: 'doseNotPositive' });
  else if (v.dosePerIntake > DOSE_PER_INTAKE_MAX)
    problems.push({ field: 'dosePerIntake', problem: 'doseTooLarge' });
  if (v.times.length === 0) problems.push({ field: 'times', problem: 'timesRequired' });
  else if (v.times.length > TIMES_MAX) problems.push({ field: 'times', problem: 'timesTooMany' });
  else {
    v.times.forEach((time, i) => {
      if (!HHMM.test(time)) problems.push({ field: `times.${i}`, problem: 'timeFormat' });
    });
    if (new Set(v.times).size !== v.times.length)
      problems.push({ field: 'times', problem: 'timesDuplicate' });
  }
  if (v.everyHours !== null && !inIntRange(v.everyHours, 1, 24))
    problems.push({ field: 'everyHours', problem: 'everyHoursRange' });
  if (v.daysOfWeek.length > 7 || v.daysOfWeek.some((d) => !inIntRange(d, 1, 7)))
    problems.push({ field: 'daysOfWeek', problem: 'dayOfWeek' });
  if (v.endDate !== null && v.endDate < v.startDate)
    problems.push({ field: 'endDate', problem: 'endBeforeStart' });
  if (v.instructions.length > INSTRUCTIONS_MAX)
    problems.push({ field: 'instructions', problem: 'instructionsLength' });
  if (v.stock !== null && !(Number.isFinite(v.stock) && v.stock >= 0 && v.stock <= STOCK_MAX))
    problems.push({ field: 'stock', problem: 'stockRange' });
  if (v.refillThreshold !== null && !inIntRange(v.refillThreshold, 0, REFILL_THRESHOLD_MAX))
    problems.push({ field: 'refillThreshold', problem: 'refillThresholdRange' });
  if (v.prescribedBy.length > PRESCRIBED_BY_MAX)
    problems.push({ field: 'prescribedBy', problem: 'prescribedByLength' });
  return problems;
}

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
