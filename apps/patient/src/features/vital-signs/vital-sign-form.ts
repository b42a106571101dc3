import type { AppLocale } from '@smartcare/contract/result-codes';
import {
  diastolicMessage,
  diastolicNotBelowSystolic,
  futureTimeMessage,
  impossibleFields,
  impossibleValueMessage,
  sleepTimesMessage,
  type ExerciseActivity,
  type GlucoseTiming,
  type SleepQuality,
  type TemperatureSite,
  type VitalSign,
  type VitalSignInput,
} from '@smartcare/contract/vital-signs';

/** The kinds a patient types on a register screen (spec §2 `/homecare/mystatus/{kind}/regist`). */
export const REGISTER_KINDS = [
  'TEMPERATURE',
  'BLOOD_PRESSURE',
  'BLOOD_GLUCOSE',
  'HEART_RATE',
  'SLEEP',
] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];

/**
 * The kinds the form can hold: the register kinds, and SpO2 and exercise, which the detail
 * screens let the patient add by hand (no register route in the spec; issue 13).
 */
export const FORM_KINDS = [...REGISTER_KINDS, 'SPO2', 'EXERCISE'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
export const isFormKind = (kind: string): kind is FormKind =>
  (FORM_KINDS as readonly string[]).includes(kind);

/** What the form holds: text as typed (a half-typed "36." must survive a re-render). */
export interface RegisterDraft {
  temperatureC: string;
  site: TemperatureSite;
  systolic: string;
  diastolic: string;
  pulse: string;
  bpm: string;
  mgdl: string;
  timing: GlucoseTiming | null;
  /** Sleep: bed and wake times, or hours slept ending at the wake time. */
  sleepMode: 'times' | 'duration';
  bedAt: string;
  wakeAt: string;
  sleepHours: string;
  quality: SleepQuality | null;
  percent: string;
  activity: ExerciseActivity | null;
  /** Exercise: minutes of the session, and the energy burned (optional). */
  exerciseMin: string;
  kcal: string;
  /** `datetime-local` text in the phone's time zone. */
  effectiveAt: string;
}

/** `YYYY-MM-DDTHH:mm` in local time, as `<input type="datetime-local">` reads and writes it. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function emptyDraft(now: Date): RegisterDraft {
  return {
    temperatureC: '',
    site: 'EAR',
    systolic: '',
    diastolic: '',
    pulse: '',
    bpm: '',
    mgdl: '',
    timing: null,
    sleepMode: 'times',
    bedAt: '',
    wakeAt: toLocalInput(now),
    sleepHours: '',
    quality: null,
    percent: '',
    activity: null,
    exerciseMin: '',
    kcal: '',
    effectiveAt: toLocalInput(now),
  };
}

/**
 * A stored reading as the form shows it for correcting. A blood-pressure reading's pulse is
 * kept as its own heart-rate reading: the edit form starts without it.
 */
export function draftOf(reading: VitalSign): RegisterDraft {
  const at = new Date(reading.effectiveAt);
  const draft = { ...emptyDraft(at), effectiveAt: toLocalInput(at) };
  const text = (value: number | null) => (value === null ? '' : String(value));
  switch (reading.kind) {
    case 'TEMPERATURE':
      return {
        ...draft,
        temperatureC: text(reading.value),
        site: (reading.context as TemperatureSite) ?? 'EAR',
      };
    case 'BLOOD_PRESSURE':
      return { ...draft, systolic: text(reading.value), diastolic: text(reading.value2) };
    case 'HEART_RATE':
      return { ...draft, bpm: text(reading.value) };
    case 'BLOOD_GLUCOSE':
      return { ...draft, mgdl: text(reading.value), timing: reading.context as GlucoseTiming | null };
    case 'SPO2':
      return { ...draft, percent: text(reading.value) };
    case 'EXERCISE':
      return {
        ...draft,
        activity: reading.context as ExerciseActivity | null,
        exerciseMin: text(reading.value),
        kcal: text(reading.value2),
      };
    case 'SLEEP': {
      const wake = new Date(reading.effectiveEnd ?? reading.effectiveAt);
      return {
        ...draft,
        sleepMode: 'times',
        bedAt: toLocalInput(at),
        wakeAt: toLocalInput(wake),
        quality: reading.context as SleepQuality | null,
      };
    }
    case 'STEPS':
    case 'BODY_WEIGHT':
    case 'BODY_HEIGHT':
    case 'BMI':
      return draft;
  }
}

/** A typed number (a comma as decimal mark is accepted); null when empty or not a number. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

function parseLocalTime(text: string): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type FieldErrors = Partial<Record<string, string>>;

export interface Messages {
  required: string;
  invalidNumber: string;
  chooseTiming: string;
  chooseActivity?: string;
}

/**
 * The draft as the server's input, or the message of every field that is missing or that no
 * person can show — the same sentences the server sends back (contract), so the patient reads
 * one wording whether the phone or the server caught it.
 */
export function buildInput(
  kind: FormKind,
  draft: RegisterDraft,
  locale: AppLocale,
  messages: Messages,
  now: Date,
): { input: VitalSignInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const need = (field: keyof RegisterDraft, optional = false): number | undefined => {
    const text = String(draft[field] ?? '');
    if (text.trim() === '') {
      if (!optional) errors[field] = messages.required;
      return undefined;
    }
    const value = parseNumber(text);
    if (value === null) {
      errors[field] = messages.invalidNumber;
      return undefined;
    }
    return value;
  };
  const time = (field: 'effectiveAt' | 'bedAt' | 'wakeAt'): string | undefined => {
    const date = parseLocalTime(draft[field]);
    if (!date) {
      errors[field] = messages.required;
      return undefined;
    }
    if (date.getTime() > now.getTime()) errors[field] = futureTimeMessage[locale];
    return date.toISOString();
  };

  let input: VitalSignInput | null = null;
  switch (kind) {
    case 'TEMPERATURE': {
      const temperatureC = need('temperatureC');
      const effectiveAt = time('effectiveAt');
      if (temperatureC !== undefined) input = { kind, temperatureC, site: draft.site, effectiveAt };
      break;
    }
    case 'BLOOD_PRESSURE': {
      const systolic = need('systolic');
      const diastolic = need('diastolic');
      const pulse = need('pulse', true);
      const effectiveAt = time('effectiveAt');
      if (systolic !== undefined && diastolic !== undefined)
        input = { kind, systolic, diastolic, ...(pulse === undefined ? {} : { pulse }), effectiveAt };
      break;
    }
    case 'HEART_RATE': {
      const bpm = need('bpm');
      const effectiveAt = time('effectiveAt');
      if (bpm !== undefined) input = { kind, bpm, effectiveAt };
      break;
    }
    case 'BLOOD_GLUCOSE': {
      const mgdl = need('mgdl');
      const effectiveAt = time('effectiveAt');
      if (!draft.timing) errors.timing = messages.chooseTiming;
      if (mgdl !== undefined && draft.timing) input = { kind, mgdl, timing: draft.timing, effectiveAt };
      break;
    }
    case 'SPO2': {
      const percent = need('percent');
      const effectiveAt = time('effectiveAt');
      if (percent !== undefined) input = { kind, percent, effectiveAt };
      break;
    }
    case 'EXERCISE': {
      const durationMin = need('exerciseMin');
      const kcal = need('kcal', true);
      const effectiveAt = time('effectiveAt');
      if (!draft.activity) errors.activity = messages.chooseActivity ?? messages.required;
      if (durationMin !== undefined && draft.activity)
        input = {
          kind,
          activity: draft.activity,
          durationMin,
          ...(kcal === undefined ? {} : { kcal }),
          effectiveAt,
        };
      break;
    }
    case 'SLEEP': {
      const wakeAt = time('wakeAt');
      const quality = draft.quality ?? undefined;
      if (draft.sleepMode === 'times') {
        const bedAt = time('bedAt');
        if (bedAt && wakeAt) {
          input = { kind, bedAt, wakeAt, ...(quality ? { quality } : {}) };
          if (Date.parse(bedAt) >= Date.parse(wakeAt)) errors.bedAt = sleepTimesMessage[locale];
        }
      } else {
        const hours = need('sleepHours');
        if (hours !== undefined && wakeAt)
          input = { kind, wakeAt, durationMin: Math.round(hours * 60), ...(quality ? { quality } : {}) };
      }
      break;
    }
  }

  if (input) {
    for (const { field } of impossibleFields(input)) {
      errors[formFieldOf(kind, field, draft)] ??= impossibleValueMessage(locale, field);
    }
    if (diastolicNotBelowSystolic(input)) errors.diastolic ??= diastolicMessage[locale];
  }
  if (Object.keys(errors).length > 0 || !input) return { errors };
  return { input };
}

/**
 * The server names sleep's and exercise's minutes `durationMin` (and an update's fields
 * `reading.…`); the form shows the message on the field the patient typed.
 */
export function formFieldOf(kind: FormKind, serverField: string, draft: RegisterDraft): string {
  const field = serverField.replace(/^reading\./, '');
  if (kind === 'SLEEP' && field === 'durationMin')
    return draft.sleepMode === 'times' ? 'bedAt' : 'sleepHours';
  if (kind === 'EXERCISE' && field === 'durationMin') return 'exerciseMin';
  return field;
}

/**
 * The form shows times to the minute: a correction that leaves a time as it was keeps the
 * reading's exact stored time, so its place among the readings does not move.
 */
export function keepUnchangedTimes(input: VitalSignInput, reading: VitalSign): VitalSignInput {
  const sameMinute = (a: string | undefined, b: string | null) =>
    a !== undefined && b !== null && toLocalInput(new Date(a)) === toLocalInput(new Date(b));
  if (input.kind === 'SLEEP') {
    return {
      ...input,
      ...(sameMinute(input.bedAt, reading.effectiveAt) ? { bedAt: reading.effectiveAt } : {}),
      ...(sameMinute(input.wakeAt, reading.effectiveEnd) ? { wakeAt: reading.effectiveEnd! } : {}),
    };
  }
  return sameMinute(input.effectiveAt, reading.effectiveAt)
    ? { ...input, effectiveAt: reading.effectiveAt }
    : input;
}
