import { z } from 'zod';
import { int4Id, int4Query, safeText } from './safe-input.ts';
import {
  judgementSchema,
  TARGET_VERDICTS,
  vitalSignKindSchema,
  vitalSignTargetSchema,
} from './vital-signs.ts';

/**
 * The home-care nurse's side of vital signs (issue 13 "Staff console"; decision 021): the watch
 * list of the hospital's home-care patients, a patient's page with a note, the hospital's
 * "no reading for N days" setting, and live urgent alerts.
 */

/** Where a patient sits on the watch list, in this order (issue 13). */
/**
 * Why a patient sits where they do: out of range in 24 h, or (issue 15) two or more doses
 * missed today — both need the nurse first; then no reading for N days; then the rest.
 */
export const WATCH_GROUPS = ['OUT_OF_RANGE', 'MISSED_DOSES', 'STALE', 'OK'] as const;
export const watchGroupSchema = z.enum(WATCH_GROUPS);
export type WatchGroup = z.infer<typeof watchGroupSchema>;

/** "No reading for N days" when a hospital has not chosen its own N. */
export const DEFAULT_STALE_DAYS = 3;
/** Doses missed today that put a patient at the top of the watch list (issue 15). */
export const MISSED_DOSES_ATTENTION = 2;
export const STALE_DAYS_MIN = 1;
export const STALE_DAYS_MAX = 60;
export const NOTE_MAX = 2000;
export const WATCH_SEARCH_MAX = 50;

/** The latest reading of one kind as the nurse sees it (the patient's screens say the same). */
export const watchReadingSchema = z.object({
  idx: z.number().int(),
  kind: vitalSignKindSchema,
  value: z.number(),
  value2: z.number().nullable(),
  unit: z.string(),
  context: z.string().nullable(),
  effectiveAt: z.string(),
  judgement: judgementSchema.nullable(),
  target: z.enum(TARGET_VERDICTS).nullable(),
});
export type WatchReading = z.infer<typeof watchReadingSchema>;

export const watchPatientSchema = z.object({
  patientIdx: z.number().int(),
  name: z.string(),
  birthDate: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  group: watchGroupSchema,
  /** Readings out of range (concern, urgent or outside the patient's target) in the last 24 h. */
  outOfRangeCount: z.number().int(),
  /** The newest reading of any kind; null: the patient never recorded one. */
  lastReadingAt: z.string().nullable(),
  /** Whole days since that reading; null when there is none. */
  daysSinceLast: z.number().int().nullable(),
  openAlertCount: z.number().int(),
  /** Doses missed today (issue 15); two or more put the patient at the top. */
  missedDosesToday: z.number().int(),
  /** The newest reading of each kind the patient has, in the contract's kind order. */
  latest: z.array(watchReadingSchema),
});
export type WatchPatient = z.infer<typeof watchPatientSchema>;

export const watchListQuerySchema = z.strictObject({
  /** Part of the patient's name. */
  q: safeText().trim().max(WATCH_SEARCH_MAX).optional(),
  pNum: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type WatchListQuery = z.infer<typeof watchListQuerySchema>;

export const watchListSchema = z.object({
  dataList: z.array(watchPatientSchema),
  totalCount: z.number().int(),
  pNum: z.number().int(),
  pSize: z.number().int(),
  /** The hospital's N of "no reading for N days", so the list can say it. */
  staleDays: z.number().int(),
});
export type WatchList = z.infer<typeof watchListSchema>;

export const homeCareSettingsSchema = z.object({ staleDays: z.number().int() });
export type HomeCareSettings = z.infer<typeof homeCareSettingsSchema>;
export const setStaleDaysBodySchema = z.strictObject({
  staleDays: z.number().int().min(STALE_DAYS_MIN).max(STALE_DAYS_MAX),
});

export const careNoteSchema = z.object({
  text: z.string(),
  writtenByName: z.string(),
  writtenAt: z.string(),
});
export type CareNote = z.infer<typeof careNoteSchema>;
export const saveNoteBodySchema = z.strictObject({
  patientIdx: int4Id(),
  text: safeText().trim().max(NOTE_MAX),
});
export type SaveNoteBody = z.infer<typeof saveNoteBodySchema>;

// ---------------------------------------------------------------------------------------------
// Urgent alerts (issue 13: NEWS2 3-point values, BP ≥ 180/110, glucose < 54 or ≥ 300, SpO2 ≤ 91).

export const vitalSignAlertSchema = z.object({
  idx: z.number().int(),
  hospitalIdx: z.number().int(),
  patientIdx: z.number().int(),
  patientName: z.string(),
  readingIdx: z.number().int().nullable(),
  kind: vitalSignKindSchema,
  value: z.number(),
  value2: z.number().nullable(),
  unit: z.string(),
  context: z.string().nullable(),
  /** The guideline's class, e.g. `STAGE_2` or `URGENT`. */
  class: z.string(),
  effectiveAt: z.string(),
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
});
export type VitalSignAlert = z.infer<typeof vitalSignAlertSchema>;

/** What staff of the hospital receive on `homeCareAlert/{hospitalIdx}`. */
export const vitalSignAlertEventSchema = z.object({
  event: z.enum(['new', 'acknowledged']),
  alert: vitalSignAlertSchema,
});
export type VitalSignAlertEvent = z.infer<typeof vitalSignAlertEventSchema>;

export const acknowledgeAlertBodySchema = z.strictObject({ alertIdx: int4Id() });

export const patientIdxQuerySchema = z.strictObject({ patientIdx: int4Query().pipe(z.number().min(1)) });

/** Everything of the patient's page but the charts (those come per kind and period). */
export const watchPatientPageSchema = z.object({
  patientIdx: z.number().int(),
  name: z.string(),
  birthDate: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  latest: z.array(watchReadingSchema),
  targets: z.array(vitalSignTargetSchema),
  note: careNoteSchema.nullable(),
  alerts: z.array(vitalSignAlertSchema),
  staleDays: z.number().int(),
  lastReadingAt: z.string().nullable(),
});
export type WatchPatientPage = z.infer<typeof watchPatientPageSchema>;

export const patientSummaryQuerySchema = z.strictObject({
  patientIdx: int4Query().pipe(z.number().min(1)),
  kind: vitalSignKindSchema,
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type PatientSummaryQuery = z.infer<typeof patientSummaryQuerySchema>;
