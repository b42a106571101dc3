import { z } from 'zod';
import { int4Id, int4Query, safeText } from './safe-input.ts';
import type { AppLocale } from './result-code-values.ts';

/**
 * Home-care vital signs (issue 13; domain.md "Vital signs as FHIR R4 Observations" and
 * "Ranges shown to patients"; decision 018). Each reading is stored once with its LOINC code
 * and UCUM unit, so the app's calls and the FHIR API read the same rows.
 */

export const VITAL_SIGN_KINDS = [
  'TEMPERATURE',
  'BLOOD_PRESSURE',
  'HEART_RATE',
  'SPO2',
  'BLOOD_GLUCOSE',
  'SLEEP',
  'STEPS',
  'EXERCISE',
  // issue 13 (patient side): body measures saved on /homecare/bodyinfo/extrainfo, kept as
  // Observations so they appear in FHIR; body weight keeps the BMI of its moment in value2.
  'BODY_WEIGHT',
  'BODY_HEIGHT',
  'BMI',
] as const;
/** Kinds written from the body-information screen, never typed on a vital-sign screen. */
export const BODY_MEASURE_KINDS = ['BODY_WEIGHT', 'BODY_HEIGHT', 'BMI'] as const;
export type BodyMeasureKind = (typeof BODY_MEASURE_KINDS)[number];
export const isBodyMeasureKind = (kind: string): kind is BodyMeasureKind =>
  (BODY_MEASURE_KINDS as readonly string[]).includes(kind);
export const vitalSignKindSchema = z.enum(VITAL_SIGN_KINDS);
export type VitalSignKind = z.infer<typeof vitalSignKindSchema>;

/** Kinds FHIR files under category `activity`; the rest are `vital-signs` (glucose: `laboratory`). */
export const ACTIVITY_KINDS: readonly VitalSignKind[] = ['SLEEP', 'STEPS', 'EXERCISE'];

export const TEMPERATURE_SITES = ['ORAL', 'EAR', 'AXILLARY', 'FOREHEAD'] as const;
export type TemperatureSite = (typeof TEMPERATURE_SITES)[number];
export const GLUCOSE_TIMINGS = ['FASTING', 'BEFORE_MEAL', 'AFTER_MEAL_2H', 'BEDTIME', 'RANDOM'] as const;
export type GlucoseTiming = (typeof GLUCOSE_TIMINGS)[number];
export const SLEEP_QUALITIES = ['GOOD', 'FAIR', 'POOR'] as const;
export type SleepQuality = (typeof SLEEP_QUALITIES)[number];
export const EXERCISE_ACTIVITIES = [
  'WALKING',
  'RUNNING',
  'CYCLING',
  'SWIMMING',
  'STRENGTH',
  'YOGA',
  'OTHER',
] as const;
export type ExerciseActivity = (typeof EXERCISE_ACTIVITIES)[number];

/** Where a reading came from: typed by the patient, or the phone's health platform (native bridge). */
export const VITAL_SIGN_SOURCES = ['MANUAL', 'HEALTH_CONNECT', 'HEALTHKIT'] as const;
export type VitalSignSource = (typeof VITAL_SIGN_SOURCES)[number];
export const IMPORT_SOURCES = ['HEALTH_CONNECT', 'HEALTHKIT'] as const;

// ---------------------------------------------------------------------------------------------
// Codes and units (domain.md table). UCUM codes as FHIR writes them.

export const LOINC = {
  bodyTemperature: '8310-5',
  bloodPressurePanel: '85354-9',
  systolic: '8480-6',
  diastolic: '8462-4',
  heartRate: '8867-4',
  oxygenSaturation: '59408-5',
  oxygenSaturationArterial: '2708-6',
  glucoseFasting: '41604-0',
  glucoseUntimed: '41653-7',
  glucoseAfterMeal2h: '6689-4',
  sleepDuration: '93832-4',
  stepsPerDay: '41950-7',
  exerciseDuration: '55411-3',
  exerciseActivity: '73985-4',
  caloriesBurned: '41981-2',
  bodyWeight: '29463-7',
  bodyHeight: '8302-2',
  bmi: '39156-5',
} as const;

/** The LOINC code of a reading: glucose depends on its timing. */
export function loincOf(kind: VitalSignKind, glucoseTiming?: GlucoseTiming | null): string {
  switch (kind) {
    case 'TEMPERATURE':
      return LOINC.bodyTemperature;
    case 'BLOOD_PRESSURE':
      return LOINC.bloodPressurePanel;
    case 'HEART_RATE':
      return LOINC.heartRate;
    case 'SPO2':
      return LOINC.oxygenSaturation;
    case 'BLOOD_GLUCOSE':
      if (glucoseTiming === 'FASTING') return LOINC.glucoseFasting;
      if (glucoseTiming === 'AFTER_MEAL_2H') return LOINC.glucoseAfterMeal2h;
      return LOINC.glucoseUntimed;
    case 'SLEEP':
      return LOINC.sleepDuration;
    case 'STEPS':
      return LOINC.stepsPerDay;
    case 'EXERCISE':
      return LOINC.exerciseDuration;
    case 'BODY_WEIGHT':
      return LOINC.bodyWeight;
    case 'BODY_HEIGHT':
      return LOINC.bodyHeight;
    case 'BMI':
      return LOINC.bmi;
  }
}

/** UCUM code of the stored value (`value`; blood pressure's both numbers, exercise's duration). */
export const UCUM: Record<VitalSignKind, string> = {
  TEMPERATURE: 'Cel',
  BLOOD_PRESSURE: 'mm[Hg]',
  HEART_RATE: '/min',
  SPO2: '%',
  BLOOD_GLUCOSE: 'mg/dL',
  SLEEP: 'min',
  STEPS: '/d',
  EXERCISE: 'min',
  BODY_WEIGHT: 'kg',
  BODY_HEIGHT: 'cm',
  BMI: 'kg/m2',
};
/** UCUM of exercise's second value (energy). */
export const UCUM_KCAL = 'kcal';

/** mmol/L shown beside mg/dL (domain.md: mmol/L = mg/dL ÷ 18.016). */
export const mgdlToMmol = (mgdl: number) => Math.round((mgdl / 18.016) * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Impossible values: refused with a message next to the field, nothing stored (domain.md).

export interface Bound {
  min: number;
  max: number;
  /** The unit as a patient reads it. */
  unit: string;
}

/** Inclusive bounds of what a person (or a day) can physically show, by input field. */
export const VITAL_BOUNDS = {
  temperatureC: { min: 30, max: 45, unit: '°C' },
  systolic: { min: 50, max: 300, unit: 'mmHg' },
  diastolic: { min: 20, max: 200, unit: 'mmHg' },
  pulse: { min: 20, max: 300, unit: '회/분' },
  bpm: { min: 20, max: 300, unit: '회/분' },
  percent: { min: 50, max: 100, unit: '%' },
  mgdl: { min: 10, max: 1000, unit: 'mg/dL' },
  durationMin: { min: 1, max: 24 * 60, unit: '분' },
  steps: { min: 0, max: 100_000, unit: '걸음' },
  kcal: { min: 0, max: 10_000, unit: 'kcal' },
} as const satisfies Record<string, Bound>;
export type BoundedField = keyof typeof VITAL_BOUNDS;

export const isWithin = (field: BoundedField, value: number) =>
  Number.isFinite(value) && value >= VITAL_BOUNDS[field].min && value <= VITAL_BOUNDS[field].max;

// ---------------------------------------------------------------------------------------------
// Request bodies. Numbers are only typed here; their bounds are checked by `impossibleFields`
// so the refusal can say which range applies (a schema would only say "invalid").

const num = () => z.number().finite();
const isoTime = () => z.iso.datetime({ offset: true });

const temperatureBody = z.strictObject({
  kind: z.literal('TEMPERATURE'),
  temperatureC: num(),
  site: z.enum(TEMPERATURE_SITES),
  effectiveAt: isoTime().optional(),
});
const bloodPressureBody = z.strictObject({
  kind: z.literal('BLOOD_PRESSURE'),
  systolic: num(),
  diastolic: num(),
  /** Measured by the cuff: also stored as a heart-rate reading (issue 13). */
  pulse: num().optional(),
  effectiveAt: isoTime().optional(),
});
const heartRateBody = z.strictObject({
  kind: z.literal('HEART_RATE'),
  bpm: num(),
  effectiveAt: isoTime().optional(),
});
const spo2Body = z.strictObject({
  kind: z.literal('SPO2'),
  percent: num(),
  effectiveAt: isoTime().optional(),
});
const glucoseBody = z.strictObject({
  kind: z.literal('BLOOD_GLUCOSE'),
  mgdl: num(),
  timing: z.enum(GLUCOSE_TIMINGS),
  effectiveAt: isoTime().optional(),
});
/** Bed time and wake time (a night may cross midnight), or a duration ending at `wakeAt`. */
const sleepBody = z.strictObject({
  kind: z.literal('SLEEP'),
  bedAt: isoTime().optional(),
  wakeAt: isoTime(),
  durationMin: num().optional(),
  quality: z.enum(SLEEP_QUALITIES).optional(),
});
const stepsBody = z.strictObject({
  kind: z.literal('STEPS'),
  steps: num(),
  /** Any time on the day counted; the reading covers that Korean calendar day. */
  effectiveAt: isoTime().optional(),
});
const exerciseBody = z.strictObject({
  kind: z.literal('EXERCISE'),
  activity: z.enum(EXERCISE_ACTIVITIES),
  durationMin: num(),
  kcal: num().optional(),
  /** When the session started. */
  effectiveAt: isoTime().optional(),
});

export const vitalSignInputSchema = z.discriminatedUnion('kind', [
  temperatureBody,
  bloodPressureBody,
  heartRateBody,
  spo2Body,
  glucoseBody,
  sleepBody,
  stepsBody,
  exerciseBody,
]);
export type VitalSignInput = z.infer<typeof vitalSignInputSchema>;

/** `POST /vitalSign/record`. */
export const recordVitalSignBodySchema = vitalSignInputSchema;
/** `PUT /vitalSign/update`: the reading's idx and its new values (same kind). */
export const updateVitalSignBodySchema = z.strictObject({ idx: int4Id(), reading: vitalSignInputSchema });
export type UpdateVitalSignBody = z.infer<typeof updateVitalSignBodySchema>;
/** `DELETE /vitalSign/delete`. */
export const deleteVitalSignBodySchema = z.strictObject({ idx: int4Id() });

/** What the phone's health platform sends (docs/native-bridge.md); one record per source id. */
export const importRecordSchema = z.strictObject({
  sourceRecordId: safeText().min(1).max(200),
  reading: z.discriminatedUnion('kind', [spo2Body, stepsBody, exerciseBody, heartRateBody]),
});
export const IMPORT_BATCH_MAX = 500;
export const importBatchBodySchema = z.strictObject({
  source: z.enum(IMPORT_SOURCES),
  records: z.array(importRecordSchema).min(1).max(IMPORT_BATCH_MAX),
});
export type ImportBatchBody = z.infer<typeof importBatchBodySchema>;
export const importResultSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});

/** One field out of its physical bounds, e.g. `{ field: 'temperatureC', min: 30, max: 45 }`. */
export interface ImpossibleField {
  field: BoundedField;
  value: number;
}

/** The fields of an input whose value no person shows (empty: the input is possible). */
export function impossibleFields(input: VitalSignInput): ImpossibleField[] {
  const checks: [BoundedField, number | undefined][] = [];
  switch (input.kind) {
    case 'TEMPERATURE':
      checks.push(['temperatureC', input.temperatureC]);
      break;
    case 'BLOOD_PRESSURE':
      checks.push(['systolic', input.systolic], ['diastolic', input.diastolic], ['pulse', input.pulse]);
      break;
    case 'HEART_RATE':
      checks.push(['bpm', input.bpm]);
      break;
    case 'SPO2':
      checks.push(['percent', input.percent]);
      break;
    case 'BLOOD_GLUCOSE':
      checks.push(['mgdl', input.mgdl]);
      break;
    case 'SLEEP':
      checks.push(['durationMin', sleepMinutes(input) ?? Number.NaN]);
      break;
    case 'STEPS':
      checks.push(['steps', input.steps]);
      break;
    case 'EXERCISE':
      checks.push(['durationMin', input.durationMin], ['kcal', input.kcal]);
      break;
  }
  return checks
    .filter(([field, value]) => value !== undefined && !isWithin(field, value))
    .map(([field, value]) => ({ field, value: value! }));
}

/** Blood pressure's numbers the wrong way round is a typing slip, not a reading. */
export function diastolicNotBelowSystolic(input: VitalSignInput): boolean {
  return input.kind === 'BLOOD_PRESSURE' && input.diastolic >= input.systolic;
}

/** Minutes asleep: wake − bed when both are given, else the duration typed (null: neither). */
export function sleepMinutes(input: Extract<VitalSignInput, { kind: 'SLEEP' }>): number | null {
  if (input.bedAt) return Math.round((Date.parse(input.wakeAt) - Date.parse(input.bedAt)) / 60_000);
  return input.durationMin ?? null;
}

const fieldNames: Record<AppLocale, Record<BoundedField, string>> = {
  'kr-KO': {
    temperatureC: '체온',
    systolic: '수축기 혈압',
    diastolic: '이완기 혈압',
    pulse: '맥박',
    bpm: '심박수',
    percent: '산소포화도',
    mgdl: '혈당',
    durationMin: '시간',
    steps: '걸음 수',
    kcal: '소모 열량',
  },
  'en-US': {
    temperatureC: 'Temperature',
    systolic: 'Systolic pressure',
    diastolic: 'Diastolic pressure',
    pulse: 'Pulse',
    bpm: 'Heart rate',
    percent: 'Oxygen saturation',
    mgdl: 'Blood glucose',
    durationMin: 'Duration',
    steps: 'Steps',
    kcal: 'Calories',
  },
  'zh-CN': {
    temperatureC: '体温',
    systolic: '收缩压',
    diastolic: '舒张压',
    pulse: '脉搏',
    bpm: '心率',
    percent: '血氧饱和度',
    mgdl: '血糖',
    durationMin: '时长',
    steps: '步数',
    kcal: '消耗热量',
  },
};

const unitNames: Record<AppLocale, Partial<Record<string, string>>> = {
  'kr-KO': {},
  'en-US': { '회/분': '/min', 분: 'min', 걸음: 'steps' },
  'zh-CN': { '회/분': '次/分', 분: '分钟', 걸음: '步' },
};

/**
 * The sentence shown next to a field holding an impossible value, e.g.
 * "체온은 30~45 °C 사이로 입력해 주세요". Korean picks 은/는 from the field's last syllable.
 */
export function impossibleValueMessage(locale: AppLocale, field: BoundedField): string {
  const { min, max, unit } = VITAL_BOUNDS[field];
  const shownUnit = unitNames[locale][unit] ?? unit;
  const name = fieldNames[locale][field];
  const range = `${min.toLocaleString('en-US')}~${max.toLocaleString('en-US')} ${shownUnit}`;
  if (locale === 'kr-KO')
    return `${name}${hasFinalConsonant(name) ? '은' : '는'} ${range} 사이로 입력해 주세요`;
  if (locale === 'zh-CN') return `${name}请输入${range}之间的数值`;
  return `${name} must be between ${range}`;
}

function hasFinalConsonant(word: string): boolean {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  return code >= 0 && code <= 11171 && code % 28 !== 0;
}

export const futureTimeMessage: Record<AppLocale, string> = {
  'kr-KO': '앞으로의 시간은 기록할 수 없습니다. 측정한 시간을 입력해 주세요',
  'en-US': 'A reading cannot be in the future. Enter when it was measured',
  'zh-CN': '不能记录未来的时间，请输入测量时间',
};
export const diastolicMessage: Record<AppLocale, string> = {
  'kr-KO': '이완기 혈압은 수축기 혈압보다 낮아야 합니다',
  'en-US': 'Diastolic pressure must be lower than systolic pressure',
  'zh-CN': '舒张压必须低于收缩压',
};
export const sleepTimesMessage: Record<AppLocale, string> = {
  'kr-KO': '잠든 시간과 깬 시간, 또는 수면 시간을 입력해 주세요',
  'en-US': 'Enter bed and wake times, or how long you slept',
  'zh-CN': '请输入入睡和起床时间，或睡眠时长',
};

// ---------------------------------------------------------------------------------------------
// Ranges (domain.md "Ranges shown to patients"): each class names the guideline it comes from.

export const GUIDELINES = ['KSH', 'ADA_KDA', 'NEWS2', 'AASM', 'KSSO'] as const;
export type Guideline = (typeof GUIDELINES)[number];

/** How a class should worry the reader: colour and words follow it, never colour alone. */
export const LEVELS = ['normal', 'watch', 'concern', 'urgent'] as const;
export type Level = (typeof LEVELS)[number];

export const BP_CLASSES = ['NORMAL', 'ELEVATED', 'PRE_HYPERTENSION', 'STAGE_1', 'STAGE_2'] as const;
export type BloodPressureClass = (typeof BP_CLASSES)[number];
export const GLUCOSE_CLASSES = [
  'VERY_LOW',
  'LOW',
  'NORMAL',
  'PREDIABETES',
  'IMPAIRED',
  'DIABETES',
  'HIGH',
  'VERY_HIGH',
] as const;
export type GlucoseClass = (typeof GLUCOSE_CLASSES)[number];
export const SPO2_CLASSES = ['NORMAL', 'WATCH', 'CONCERN', 'URGENT'] as const;
export const TEMPERATURE_CLASSES = ['URGENT_LOW', 'LOW', 'NORMAL', 'FEVER', 'HIGH_FEVER'] as const;
export const HEART_RATE_CLASSES = ['URGENT_LOW', 'LOW', 'NORMAL', 'RAISED', 'HIGH', 'URGENT_HIGH'] as const;
export const SLEEP_CLASSES = ['SHORT', 'ENOUGH'] as const;
export const BMI_CLASSES = ['UNDERWEIGHT', 'NORMAL', 'OVERWEIGHT', 'OBESE_1', 'OBESE_2', 'OBESE_3'] as const;
export type BmiClass = (typeof BMI_CLASSES)[number];

export const judgementSchema = z.object({
  /** The class's name in its guideline (e.g. `STAGE_1`), translated by the apps. */
  class: z.string(),
  level: z.enum(LEVELS),
  guideline: z.enum(GUIDELINES),
  /** NEWS2 points where NEWS2 scores the value. */
  news2Points: z.number().int().nullable(),
  /** Urgent values reach the home-care nurse at once and the patient is told what to do. */
  urgent: z.boolean(),
});
export type Judgement = z.infer<typeof judgementSchema>;

const judged = (
  cls: string,
  level: Level,
  guideline: Guideline,
  urgent = false,
  news2Points: number | null = null,
): Judgement => ({ class: cls, level, guideline, news2Points, urgent });

/** Blood-pressure crisis (issue 13: BP ≥ 180/110 is urgent). */
export const BP_URGENT = { systolic: 180, diastolic: 110 } as const;

/**
 * Korean Society of Hypertension (2022): normal < 120/80; elevated 120–129/<80;
 * pre-hypertension 130–139 or 80–89; stage 1 140–159 or 90–99; stage 2 ≥ 160 or ≥ 100.
 * The higher class of the two numbers wins.
 */
export function classifyBloodPressure(systolic: number, diastolic: number): Judgement {
  const bySystolic =
    systolic >= 160 ? 4 : systolic >= 140 ? 3 : systolic >= 130 ? 2 : systolic >= 120 ? 1 : 0;
  const byDiastolic = diastolic >= 100 ? 4 : diastolic >= 90 ? 3 : diastolic >= 80 ? 2 : 0;
  const rank = Math.max(bySystolic, byDiastolic);
  const urgent = systolic >= BP_URGENT.systolic || diastolic >= BP_URGENT.diastolic;
  const levels: Level[] = ['normal', 'watch', 'watch', 'concern', 'concern'];
  return judged(BP_CLASSES[rank]!, urgent ? 'urgent' : levels[rank]!, 'KSH', urgent);
}

/**
 * ADA and the Korean Diabetes Association: fasting normal < 100, prediabetes 100–125,
 * diabetes ≥ 126; 2 h after a meal impaired 140–199, diabetes range ≥ 200; any reading low
 * < 70 and very low < 54. Other timings: ≥ 200 is high. ≥ 300 is urgent (issue 13).
 */
export function classifyGlucose(mgdl: number, timing: GlucoseTiming): Judgement {
  if (mgdl < 54) return judged('VERY_LOW', 'urgent', 'ADA_KDA', true);
  if (mgdl >= 300) return judged('VERY_HIGH', 'urgent', 'ADA_KDA', true);
  if (mgdl < 70) return judged('LOW', 'concern', 'ADA_KDA');
  if (timing === 'FASTING') {
    if (mgdl < 100) return judged('NORMAL', 'normal', 'ADA_KDA');
    if (mgdl < 126) return judged('PREDIABETES', 'watch', 'ADA_KDA');
    return judged('DIABETES', 'concern', 'ADA_KDA');
  }
  if (timing === 'AFTER_MEAL_2H') {
    if (mgdl < 140) return judged('NORMAL', 'normal', 'ADA_KDA');
    if (mgdl < 200) return judged('IMPAIRED', 'watch', 'ADA_KDA');
    return judged('DIABETES', 'concern', 'ADA_KDA');
  }
  if (mgdl < 200) return judged('NORMAL', 'normal', 'ADA_KDA');
  return judged('HIGH', 'concern', 'ADA_KDA');
}

/** NEWS2 scale 1: ≥ 96 normal (0); 94–95 (1); 92–93 (2); ≤ 91 (3, urgent). Whole percent. */
export function classifySpo2(percent: number): Judgement {
  const value = Math.round(percent);
  if (value >= 96) return judged('NORMAL', 'normal', 'NEWS2', false, 0);
  if (value >= 94) return judged('WATCH', 'watch', 'NEWS2', false, 1);
  if (value >= 92) return judged('CONCERN', 'concern', 'NEWS2', false, 2);
  return judged('URGENT', 'urgent', 'NEWS2', true, 3);
}

/**
 * NEWS2 temperature, judged to one decimal as thermometers show it: ≤ 35.0 (3, urgent);
 * 35.1–36.0 (1); 36.1–38.0 (0); 38.1–39.0 (1); ≥ 39.1 (2).
 */
export function classifyTemperature(celsius: number): Judgement {
  const tenths = Math.round(celsius * 10);
  if (tenths <= 350) return judged('URGENT_LOW', 'urgent', 'NEWS2', true, 3);
  if (tenths <= 360) return judged('LOW', 'watch', 'NEWS2', false, 1);
  if (tenths <= 380) return judged('NORMAL', 'normal', 'NEWS2', false, 0);
  if (tenths <= 390) return judged('FEVER', 'watch', 'NEWS2', false, 1);
  return judged('HIGH_FEVER', 'concern', 'NEWS2', false, 2);
}

/** NEWS2 pulse, whole beats: ≤ 40 (3); 41–50 (1); 51–90 (0); 91–110 (1); 111–130 (2); ≥ 131 (3). */
export function classifyHeartRate(bpm: number): Judgement {
  const value = Math.round(bpm);
  if (value <= 40) return judged('URGENT_LOW', 'urgent', 'NEWS2', true, 3);
  if (value <= 50) return judged('LOW', 'watch', 'NEWS2', false, 1);
  if (value <= 90) return judged('NORMAL', 'normal', 'NEWS2', false, 0);
  if (value <= 110) return judged('RAISED', 'watch', 'NEWS2', false, 1);
  if (value <= 130) return judged('HIGH', 'concern', 'NEWS2', false, 2);
  return judged('URGENT_HIGH', 'urgent', 'NEWS2', true, 3);
}

/** American Academy of Sleep Medicine / Sleep Research Society: adults sleep ≥ 7 h. */
export function classifySleep(minutes: number): Judgement {
  return minutes >= 7 * 60 ? judged('ENOUGH', 'normal', 'AASM') : judged('SHORT', 'watch', 'AASM');
}

/**
 * Korean Society for the Study of Obesity (2022), BMI to one decimal: < 18.5 underweight;
 * 18.5–22.9 normal; 23–24.9 overweight (비만 전단계); 25–29.9 obese 1; 30–34.9 obese 2; ≥ 35 obese 3.
 */
export function classifyBmi(bmi: number): Judgement {
  const tenths = Math.round(bmi * 10);
  if (tenths < 185) return judged('UNDERWEIGHT', 'watch', 'KSSO');
  if (tenths < 230) return judged('NORMAL', 'normal', 'KSSO');
  if (tenths < 250) return judged('OVERWEIGHT', 'watch', 'KSSO');
  if (tenths < 300) return judged('OBESE_1', 'concern', 'KSSO');
  if (tenths < 350) return judged('OBESE_2', 'concern', 'KSSO');
  return judged('OBESE_3', 'concern', 'KSSO');
}

export const bmiOf = (weightKg: number, heightCm: number) =>
  Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10;

/** The stored numbers of a reading, as the server keeps them (see `vitalSignSchema`). */
export interface StoredValues {
  kind: VitalSignKind;
  value: number;
  value2: number | null;
  context: string | null;
}

/** A reading's class by its guideline; null for kinds judged over a week (steps, exercise). */
export function classify(reading: StoredValues): Judgement | null {
  switch (reading.kind) {
    case 'TEMPERATURE':
      return classifyTemperature(reading.value);
    case 'BLOOD_PRESSURE':
      return classifyBloodPressure(reading.value, reading.value2 ?? 0);
    case 'HEART_RATE':
      return classifyHeartRate(reading.value);
    case 'SPO2':
      return classifySpo2(reading.value);
    case 'BLOOD_GLUCOSE':
      return classifyGlucose(reading.value, (reading.context as GlucoseTiming | null) ?? 'RANDOM');
    case 'SLEEP':
      return classifySleep(reading.value);
    case 'BMI':
      return classifyBmi(reading.value);
    case 'BODY_WEIGHT':
      // The BMI of the weighing's moment, when the height was known.
      return reading.value2 === null ? null : classifyBmi(reading.value2);
    case 'STEPS':
    case 'EXERCISE':
    case 'BODY_HEIGHT':
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Personal targets set by a nurse (e.g. BP < 130/80 for a diabetic). Where set, the patient's
// screens judge against them and say so; urgency stays with the guideline (patient safety).

export const TARGET_KINDS = ['BLOOD_PRESSURE', 'HEART_RATE', 'SPO2', 'BLOOD_GLUCOSE', 'TEMPERATURE'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const vitalSignTargetSchema = z.object({
  kind: z.enum(TARGET_KINDS),
  /** Lowest value in target (null: no lower limit). */
  low: z.number().nullable(),
  /** Highest value in target; blood pressure: systolic below this. */
  high: z.number().nullable(),
  /** Blood pressure only: diastolic below this. */
  high2: z.number().nullable(),
  setByName: z.string(),
  setAt: z.string(),
});
export type VitalSignTarget = z.infer<typeof vitalSignTargetSchema>;

export const setTargetBodySchema = z
  .strictObject({
    patientIdx: int4Id(),
    kind: z.enum(TARGET_KINDS),
    low: num().nullable(),
    high: num().nullable(),
    high2: num().nullable().optional(),
  })
  .refine((t) => t.low !== null || t.high !== null, { message: 'required', path: ['high'] })
  .refine((t) => t.low === null || t.high === null || t.low < t.high, { message: 'invalid', path: ['low'] });
export type SetTargetBody = z.infer<typeof setTargetBodySchema>;
export const clearTargetBodySchema = z.strictObject({ patientIdx: int4Id(), kind: z.enum(TARGET_KINDS) });
export const patientTargetsQuerySchema = z.strictObject({ patientIdx: int4Query().pipe(z.number().min(1)) });

export const TARGET_VERDICTS = ['IN_TARGET', 'ABOVE_TARGET', 'BELOW_TARGET'] as const;
export type TargetVerdict = (typeof TARGET_VERDICTS)[number];

/**
 * A reading against the patient's own target: blood pressure is above when either number
 * reaches its limit ("below 130/80"); other kinds are in target from low to high inclusive.
 */
export function judgeAgainstTarget(
  reading: StoredValues,
  target: Pick<VitalSignTarget, 'kind' | 'low' | 'high' | 'high2'>,
): TargetVerdict {
  if (reading.kind === 'BLOOD_PRESSURE') {
    const above =
      (target.high !== null && reading.value >= target.high) ||
      (target.high2 !== null && reading.value2 !== null && reading.value2 >= target.high2);
    return above ? 'ABOVE_TARGET' : 'IN_TARGET';
  }
  if (target.high !== null && reading.value > target.high) return 'ABOVE_TARGET';
  if (target.low !== null && reading.value < target.low) return 'BELOW_TARGET';
  return 'IN_TARGET';
}

// ---------------------------------------------------------------------------------------------
// Answers.

export const vitalSignSchema = z.object({
  idx: z.number().int(),
  kind: vitalSignKindSchema,
  loinc: z.string(),
  /** Temperature °C, systolic, bpm, %, mg/dL, sleep minutes, steps, exercise minutes. */
  value: z.number(),
  /** Diastolic (blood pressure) or kcal (exercise). */
  value2: z.number().nullable(),
  unit: z.string(),
  /** Temperature site, glucose timing, sleep quality or exercise activity. */
  context: z.string().nullable(),
  effectiveAt: z.string(),
  /** End of a period (sleep, exercise, a day of steps). */
  effectiveEnd: z.string().nullable(),
  source: z.enum(VITAL_SIGN_SOURCES),
  /** The patient may edit and delete readings they typed themselves. */
  editable: z.boolean(),
  judgement: judgementSchema.nullable(),
  /** Set when a nurse gave the patient a personal target for this kind. */
  target: z.enum(TARGET_VERDICTS).nullable(),
});
export type VitalSign = z.infer<typeof vitalSignSchema>;

export const recordResultSchema = z.object({
  /** The reading, and the heart-rate reading a blood-pressure cuff's pulse makes. */
  readings: z.array(vitalSignSchema),
});
export type RecordResult = z.infer<typeof recordResultSchema>;

const rangeQuery = {
  kind: vitalSignKindSchema,
  /** Inclusive start and exclusive end of the period (ISO time). */
  from: isoTime().optional(),
  to: isoTime().optional(),
};
export const readingsQuerySchema = z.strictObject({
  ...rangeQuery,
  pNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReadingsQuery = z.infer<typeof readingsQuerySchema>;

export const summaryQuerySchema = z.strictObject({
  kind: vitalSignKindSchema,
  from: isoTime(),
  to: isoTime(),
});
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

/** At most this many points in a chart's series: long ranges are averaged into buckets on the server. */
export const SERIES_MAX_POINTS = 400;

export const seriesPointSchema = z.object({
  /** Start of the bucket (or the reading's time when not downsampled). */
  at: z.string(),
  value: z.number(),
  value2: z.number().nullable(),
  min: z.number(),
  max: z.number(),
  count: z.number().int(),
});
export const vitalSignSummarySchema = z.object({
  kind: vitalSignKindSchema,
  from: z.string(),
  to: z.string(),
  count: z.number().int(),
  average: z.number().nullable(),
  average2: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Bucket width in seconds; 0 when every reading is its own point. */
  bucketSeconds: z.number().int(),
  series: z.array(seriesPointSchema),
});
export type VitalSignSummary = z.infer<typeof vitalSignSummarySchema>;

export const vitalSignLatestSchema = z.object({
  kind: vitalSignKindSchema,
  latest: vitalSignSchema.nullable(),
  /** Daily averages of the last 7 days (KST), oldest first, for the sparkline. */
  week: z.array(z.object({ day: z.string(), value: z.number(), value2: z.number().nullable() })),
});
export const dashboardSchema = z.object({ kinds: z.array(vitalSignLatestSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;

export const targetListSchema = z.array(vitalSignTargetSchema);
