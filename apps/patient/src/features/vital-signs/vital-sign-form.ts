import type { AppLocale } from '@smartcare/contract/result-codes';
import {
  diastolicMessage,
  diastolicNotBelowSystolic,
  futureTimeMessage,
  impossibleFields,
  impossibleValueMessage,
  sleepTimesMessage,
  type GlucoseTiming,
  type SleepQuality,
  type TemperatureSite,
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
    effectiveAt: toLocalInput(now),
  };
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
}

/**
 * The draft as the server's input, or the message of every field that is missing or that no
 * person can show — the same sentences the server sends back (contract), so the patient reads
 * one wording whether the phone or the server caught it.
 */
export function buildInput(
  kind: RegisterKind,
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
      const shownField = kind === 'SLEEP' ? (draft.sleepMode === 'times' ? 'bedAt' : 'sleepHours') : field;
      errors[shownField] ??= impossibleValueMessage(locale, field);
    }
    if (diastolicNotBelowSystolic(input)) errors.diastolic ??= diastolicMessage[locale];
  }
  if (Object.keys(errors).length > 0 || !input) return { errors };
  return { input };
}

/** The server names sleep's duration `durationMin`; the form shows it on the field the patient typed. */
export function formFieldOf(kind: RegisterKind, serverField: string, draft: RegisterDraft): string {
  if (kind === 'SLEEP' && serverField === 'durationMin')
    return draft.sleepMode === 'times' ? 'bedAt' : 'sleepHours';
  return serverField;
}
