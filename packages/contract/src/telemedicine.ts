import { z } from 'zod';
import { bookablePatientSchema } from './appointment.ts';
import { calendarDate, int4Id, int4Query, safeText } from './safe-input.ts';
import { staffRoleSchema } from './staff.ts';
import { TELEMEDICINE_SIGNAL_SIDES } from './topics.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Telemedicine (issue 17, 비대면 진료): a booked one-to-one video visit between a patient and a
 * clinician of their hospital. The patient enters a waiting room in a window around the visit's
 * time, the clinician admits them, the call runs peer-to-peer over WebRTC with signalling over the
 * broker (`topics.telemedicineSignal`), and the clinician writes a summary afterwards.
 * Times are instants (ISO with offset), shown in Asia/Seoul. Decision 030.
 */

// --- statuses -------------------------------------------------------------------------------

export const TELEMEDICINE_VISIT_STATUSES = [
  'BOOKED', // 예약됨
  'WAITING', // 대기 중
  'IN_CALL', // 진료 중
  'COMPLETE', // 완료
  'CANCELLED', // 취소
  'NO_SHOW', // 불참
] as const;
export const telemedicineVisitStatusSchema = z.enum(TELEMEDICINE_VISIT_STATUSES);
export type TelemedicineVisitStatus = z.infer<typeof telemedicineVisitStatusSchema>;

/** The Korean names the apps show (the locale catalogues carry the other languages). */
export const TELEMEDICINE_STATUS_KO: Record<TelemedicineVisitStatus, string> = {
  BOOKED: '예약됨',
  WAITING: '대기 중',
  IN_CALL: '진료 중',
  COMPLETE: '완료',
  CANCELLED: '취소',
  NO_SHOW: '불참',
};

/** The state machine: which status may follow which (the server refuses anything else). */
export const TELEMEDICINE_TRANSITIONS: Record<TelemedicineVisitStatus, readonly TelemedicineVisitStatus[]> = {
  BOOKED: ['WAITING', 'NO_SHOW', 'CANCELLED'],
  WAITING: ['BOOKED', 'IN_CALL', 'NO_SHOW'],
  IN_CALL: ['COMPLETE'],
  COMPLETE: [],
  CANCELLED: [],
  NO_SHOW: [],
};

/** Visits that are still ahead or running (the patient's "upcoming" list, the signal ACL's states). */
export const TELEMEDICINE_OPEN_STATUSES: readonly TelemedicineVisitStatus[] = [
  'BOOKED',
  'WAITING',
  'IN_CALL',
];
/** Signalling is allowed only while the visit is in one of these. */
export const TELEMEDICINE_SIGNAL_STATUSES: readonly TelemedicineVisitStatus[] = ['WAITING', 'IN_CALL'];

// --- fixed numbers --------------------------------------------------------------------------

/** The waiting room opens this many minutes before `scheduledAt` (until `scheduledAt + durationMin`). */
export const TELEMEDICINE_ENTER_BEFORE_MIN = 10;
/** The consent (비대면진료 동의) text's version; its text lives in the patient locale catalogues. */
export const TELEMEDICINE_CONSENT_VERSION = '2026-11';
/** A visit's default length, and the average call length while a clinician has no finished calls. */
export const TELEMEDICINE_DEFAULT_DURATION_MIN = 15;
export const TELEMEDICINE_MIN_DURATION_MIN = 5;
export const TELEMEDICINE_MAX_DURATION_MIN = 120;
/** The mean of a clinician's last this-many finished calls estimates the wait. */
export const TELEMEDICINE_AVERAGE_OF_CALLS = 20;
/** A change request names one to three preferred times. */
export const TELEMEDICINE_MAX_PREFERRED = 3;
/** Roles that may hold a call (be a visit's clinician, admit). */
export const TELEMEDICINE_CLINICIAN_ROLES = ['DOCTOR', 'NURSE'] as const;
/** Roles that may book, move and cancel visits. */
export const TELEMEDICINE_BOOKER_ROLES = ['DOCTOR', 'NURSE', 'ADMIN'] as const;

/** The network probe (bytes, not a JSON call: like content files, it has no call-table entry). */
export const TELEMEDICINE_PROBE_PATH = '/telemedicine/networkProbe';
export const TELEMEDICINE_PROBE_MAX_BYTES = 262_144;
export const TELEMEDICINE_PROBE_DEFAULT_BYTES = 65_536;
/** Probe calls per caller per minute. */
export const TELEMEDICINE_PROBE_PER_MINUTE = 30;

/** Limits of one signalling message (the broker refuses payloads over 16 KB). */
export const TELEMEDICINE_SIGNAL_MAX_SDP = 15_000;
export const TELEMEDICINE_SIGNAL_MAX_CANDIDATE = 2_000;
/** Signalling messages per connection per window (enough for ICE trickle). */
export const TELEMEDICINE_SIGNAL_RATE = { messages: 60, windowS: 10 } as const;

const text = (max: number) => safeText().trim().max(max, V.length);
const instant = () => z.iso.datetime({ offset: true, error: V.invalid });

// --- parts of a visit -----------------------------------------------------------------------

export const TELEMEDICINE_DEVICE_STATES = ['OK', 'DENIED', 'MISSING'] as const;
export const telemedicineDeviceStateSchema = z.enum(TELEMEDICINE_DEVICE_STATES);
export type TelemedicineDeviceState = z.infer<typeof telemedicineDeviceStateSchema>;

/** The patient's latest device check (latest wins). */
export const telemedicineDeviceCheckSchema = z.object({
  camera: telemedicineDeviceStateSchema,
  microphone: telemedicineDeviceStateSchema,
  speakerConfirmed: z.boolean(),
  /** Round trip of an empty probe, ms; null when it could not be measured. */
  rttMs: z.number().int().nullable(),
  /** Download throughput of the probe, kbit/s; null when it could not be measured. */
  downKbps: z.number().int().nullable(),
  checkedAt: z.string(),
});
export type TelemedicineDeviceCheck = z.infer<typeof telemedicineDeviceCheckSchema>;

export const TELEMEDICINE_REQUEST_KINDS = ['CHANGE', 'CANCEL'] as const;
export const telemedicineRequestKindSchema = z.enum(TELEMEDICINE_REQUEST_KINDS);
export type TelemedicineRequestKind = z.infer<typeof telemedicineRequestKindSchema>;

/** The patient's open change or cancel request on a BOOKED visit. */
export const telemedicineRequestSchema = z.object({
  kind: telemedicineRequestKindSchema,
  /** CHANGE: one to three preferred instants; CANCEL: empty. */
  preferredDates: z.array(z.string()),
  reason: z.string().nullable(),
  requestedAt: z.string(),
});
export type TelemedicineRequest = z.infer<typeof telemedicineRequestSchema>;

export const TELEMEDICINE_HISTORY_KINDS = [
  'BOOKED',
  'MOVED',
  'ENTERED', // the patient entered the waiting room
  'LEFT', // the patient left the waiting room
  'ADMITTED',
  'ENDED',
  'NO_SHOW',
  'CANCELLED',
  'CHANGE_REQUESTED',
  'CANCEL_REQUESTED',
  'REQUEST_WITHDRAWN',
  'REQUEST_ACCEPTED',
  'REQUEST_DECLINED',
  'SUMMARY_WRITTEN',
] as const;
export const telemedicineHistoryKindSchema = z.enum(TELEMEDICINE_HISTORY_KINDS);
export type TelemedicineHistoryKind = z.infer<typeof telemedicineHistoryKindSchema>;

/** One step of a visit: who (null: the system or an erased account), what, when, why. */
export const telemedicineHistoryEntrySchema = z.object({
  at: z.string(),
  kind: telemedicineHistoryKindSchema,
  byName: z.string().nullable(),
  note: z.string().nullable(),
});
export type TelemedicineHistoryEntry = z.infer<typeof telemedicineHistoryEntrySchema>;

export const telemedicineQueueSchema = z.object({
  /** 1-based place among the clinician's WAITING visits of the day, by `waitingSince`. */
  position: z.number().int(),
  estimatedWaitMin: z.number().int(),
});
export type TelemedicineQueue = z.infer<typeof telemedicineQueueSchema>;

export const telemedicineClinicianSchema = z.object({
  staffIdx: z.number().int(),
  name: z.string(),
  role: staffRoleSchema,
});
export type TelemedicineClinician = z.infer<typeof telemedicineClinicianSchema>;

export const telemedicineSummarySchema = z.object({
  text: z.string(),
  followUp: z.string().nullable(),
  writtenAt: z.string(),
  /** The writer's name. */
  writtenBy: z.string(),
});
export type TelemedicineSummary = z.infer<typeof telemedicineSummarySchema>;

/** One visit; the fields marked staff are only in staff answers, `consentCurrent` only in `getMyVisit`. */
export const telemedicineVisitSchema = z.object({
  visitIdx: z.number().int(),
  hospitalIdx: z.number().int(),
  hospitalName: z.string(),
  patientIdx: z.number().int(),
  /** Staff. */
  patientName: z.string().optional(),
  /** Staff: age in full years (Asia/Seoul), null without a birth date. */
  patientAge: z.number().int().nullable().optional(),
  /** Staff. */
  patientSex: z.enum(['M', 'F']).nullable().optional(),
  clinician: telemedicineClinicianSchema,
  department: z.string(),
  scheduledAt: z.string(),
  durationMin: z.number().int(),
  reason: z.string(),
  preparation: z.string().nullable(),
  status: telemedicineVisitStatusSchema,
  /** `scheduledAt - TELEMEDICINE_ENTER_BEFORE_MIN`. */
  enterOpensAt: z.string(),
  /** `scheduledAt + durationMin`. */
  enterClosesAt: z.string(),
  /** BOOKED or WAITING and the window is open now (consent is checked separately). */
  canEnter: z.boolean(),
  waitingSince: z.string().nullable(),
  /** While WAITING. */
  queue: telemedicineQueueSchema.nullable(),
  callStartedAt: z.string().nullable(),
  callEndedAt: z.string().nullable(),
  summary: telemedicineSummarySchema.nullable(),
  request: telemedicineRequestSchema.nullable(),
  deviceCheck: telemedicineDeviceCheckSchema.nullable(),
  history: z.array(telemedicineHistoryEntrySchema).optional(),
  /** `getMyVisit`: the patient agreed to the current consent version. */
  consentCurrent: z.boolean().optional(),
  /** `getMyVisit`: when the patient agreed to the current version (null: not yet). */
  consentAgreedAt: z.string().nullable().optional(),
});
export type TelemedicineVisit = z.infer<typeof telemedicineVisitSchema>;

// --- queries and bodies ---------------------------------------------------------------------

export const telemedicineVisitIdxQuerySchema = z.strictObject({ visitIdx: int4Query().positive(V.invalid) });
export type TelemedicineVisitIdxQuery = z.infer<typeof telemedicineVisitIdxQuerySchema>;
export const telemedicineVisitIdxBodySchema = z.strictObject({ visitIdx: int4Id() });
export type TelemedicineVisitIdxBody = z.infer<typeof telemedicineVisitIdxBodySchema>;

/** `GET getMyVisits`: upcoming (open, soonest first) and past (latest first). */
export const myTelemedicineVisitsSchema = z.object({
  upcoming: z.array(telemedicineVisitSchema),
  past: z.array(telemedicineVisitSchema),
});
export type MyTelemedicineVisits = z.infer<typeof myTelemedicineVisitsSchema>;

export const agreeTelemedicineConsentBodySchema = z.strictObject({
  version: safeText().min(1, V.required).max(20, V.length),
});
export type AgreeTelemedicineConsentBody = z.infer<typeof agreeTelemedicineConsentBodySchema>;
export const telemedicineConsentSchema = z.object({ version: z.string(), agreedAt: z.string() });
export type TelemedicineConsent = z.infer<typeof telemedicineConsentSchema>;

export const telemedicineRequestChangeBodySchema = z.strictObject({
  visitIdx: int4Id(),
  preferredDates: z.array(instant()).min(1, V.required).max(TELEMEDICINE_MAX_PREFERRED, V.invalid),
  reason: text(300).optional(),
});
export type TelemedicineRequestChangeBody = z.infer<typeof telemedicineRequestChangeBodySchema>;

export const telemedicineRequestCancelBodySchema = z.strictObject({
  visitIdx: int4Id(),
  reason: text(300).optional(),
});
export type TelemedicineRequestCancelBody = z.infer<typeof telemedicineRequestCancelBodySchema>;

/** `PUT reportDeviceCheck`: without `visitIdx`, stored on the patient's next open visit (if any). */
export const reportDeviceCheckBodySchema = z.strictObject({
  visitIdx: int4Id().optional(),
  camera: telemedicineDeviceStateSchema,
  microphone: telemedicineDeviceStateSchema,
  speakerConfirmed: z.boolean(),
  rttMs: z.number().int(V.invalid).min(0, V.invalid).max(600_000, V.invalid).nullable(),
  downKbps: z.number().int(V.invalid).min(0, V.invalid).max(100_000_000, V.invalid).nullable(),
});
export type ReportDeviceCheckBody = z.infer<typeof reportDeviceCheckBodySchema>;
export const reportDeviceCheckResultSchema = z.object({
  /** The visit it was stored on; null when the patient has no open visit. */
  visitIdx: z.number().int().nullable(),
  deviceCheck: telemedicineDeviceCheckSchema,
});
export type ReportDeviceCheckResult = z.infer<typeof reportDeviceCheckResultSchema>;

/** One RTCIceServer (STUN without credentials; TURN with the TURN REST username and credential). */
export const telemedicineIceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TelemedicineIceServer = z.infer<typeof telemedicineIceServerSchema>;
export const telemedicineIceServersSchema = z.object({
  /** Empty when none are configured: host candidates still work on one machine or a LAN. */
  iceServers: z.array(telemedicineIceServerSchema),
  /** How long the TURN credentials are valid from now, seconds. */
  ttlS: z.number().int(),
});
export type TelemedicineIceServers = z.infer<typeof telemedicineIceServersSchema>;

/** `GET networkProbe?bytes=N`: N random bytes (`bytes=0` times the round trip). */
export const networkProbeQuerySchema = z.strictObject({
  bytes: z.coerce
    .number()
    .int(V.invalid)
    .min(0, V.invalid)
    .max(TELEMEDICINE_PROBE_MAX_BYTES, V.invalid)
    .optional(),
});
export type NetworkProbeQuery = z.infer<typeof networkProbeQuerySchema>;

/** Staff: a day (Asia/Seoul) of the hospital's visits, or one clinician's. */
export const telemedicineDayQuerySchema = z.strictObject({
  date: calendarDate(),
  staffIdx: int4Query().positive(V.invalid).optional(),
});
export type TelemedicineDayQuery = z.infer<typeof telemedicineDayQuerySchema>;
export const telemedicineDaySchema = z.object({
  date: z.string(),
  /** By `scheduledAt`. */
  visits: z.array(telemedicineVisitSchema),
});
export type TelemedicineDay = z.infer<typeof telemedicineDaySchema>;

/** Staff of the hospital who may hold calls. */
export const telemedicineClinicianOptionSchema = telemedicineClinicianSchema.extend({
  department: z.string().nullable(),
});
export type TelemedicineClinicianOption = z.infer<typeof telemedicineClinicianOptionSchema>;

/** The hospital's patients to book for (the appointment module's list). */
export const telemedicineBookablePatientSchema = bookablePatientSchema;
export type TelemedicineBookablePatient = z.infer<typeof telemedicineBookablePatientSchema>;

const durationMin = () =>
  z
    .number()
    .int(V.invalid)
    .min(TELEMEDICINE_MIN_DURATION_MIN, V.invalid)
    .max(TELEMEDICINE_MAX_DURATION_MIN, V.invalid);

export const bookTelemedicineBodySchema = z.strictObject({
  patientIdx: int4Id(),
  staffIdx: int4Id(),
  department: text(40).min(1, V.required),
  scheduledAt: instant(),
  durationMin: durationMin(),
  reason: text(300).min(1, V.required),
  preparation: text(1000).optional(),
});
export type BookTelemedicineBody = z.infer<typeof bookTelemedicineBodySchema>;

export const moveTelemedicineBodySchema = z.strictObject({ visitIdx: int4Id(), scheduledAt: instant() });
export type MoveTelemedicineBody = z.infer<typeof moveTelemedicineBodySchema>;

export const telemedicineReasonBodySchema = z.strictObject({
  visitIdx: int4Id(),
  reason: text(300).min(1, V.required),
});
export type TelemedicineReasonBody = z.infer<typeof telemedicineReasonBodySchema>;

export const writeTelemedicineSummaryBodySchema = z.strictObject({
  visitIdx: int4Id(),
  summary: text(4000).min(1, V.required),
  followUp: text(1000).optional(),
});
export type WriteTelemedicineSummaryBody = z.infer<typeof writeTelemedicineSummaryBodySchema>;

/** Accepting a request: CHANGE needs the new time (one of the preferred ones, or another). */
export const acceptTelemedicineRequestBodySchema = z.strictObject({
  visitIdx: int4Id(),
  scheduledAt: instant().optional(),
});
export type AcceptTelemedicineRequestBody = z.infer<typeof acceptTelemedicineRequestBodySchema>;

// --- topic payloads -------------------------------------------------------------------------

export const telemedicineSignalSideSchema = z.enum(TELEMEDICINE_SIGNAL_SIDES);

/** One signalling message (`topics.telemedicineSignal`): ephemeral, never stored. */
export const telemedicineSignalSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('description'),
    description: z.strictObject({
      type: z.enum(['offer', 'answer']),
      sdp: z.string().max(TELEMEDICINE_SIGNAL_MAX_SDP),
    }),
  }),
  z.strictObject({
    type: z.literal('candidate'),
    /** null: the end of candidates. */
    candidate: z
      .strictObject({
        candidate: z.string().max(TELEMEDICINE_SIGNAL_MAX_CANDIDATE),
        sdpMid: z.string().max(64).nullable(),
        sdpMLineIndex: z.number().int().min(0).max(255).nullable(),
      })
      .nullable(),
  }),
  /** Mute and camera state; the other side shows it. */
  z.strictObject({ type: z.literal('media'), audio: z.boolean(), video: z.boolean() }),
  /** Sent on (re)joining: the other side (re)starts negotiation. */
  z.strictObject({ type: z.literal('hello') }),
  z.strictObject({ type: z.literal('bye') }),
]);
export type TelemedicineSignal = z.infer<typeof telemedicineSignalSchema>;

/** `topics.telemedicineVisit`: on every status change and whenever the queue in front moves. */
export const telemedicineVisitEventSchema = z.object({
  visitIdx: z.number().int(),
  status: telemedicineVisitStatusSchema,
  queue: telemedicineQueueSchema.nullable(),
  at: z.string(),
});
export type TelemedicineVisitEvent = z.infer<typeof telemedicineVisitEventSchema>;

/** `topics.telemedicineQueue`: something changed in the hospital's day; the staff view refetches. */
export const telemedicineQueueEventSchema = z.object({
  visitIdx: z.number().int(),
  staffIdx: z.number().int(),
  status: telemedicineVisitStatusSchema,
  at: z.string(),
});
export type TelemedicineQueueEvent = z.infer<typeof telemedicineQueueEventSchema>;

// --- helpers both apps and the server use ---------------------------------------------------

/** The waiting room's window of a visit. */
export function telemedicineWindow(
  scheduledAt: string,
  durationMin: number,
): { opensAt: Date; closesAt: Date } {
  const at = new Date(scheduledAt).getTime();
  return {
    opensAt: new Date(at - TELEMEDICINE_ENTER_BEFORE_MIN * 60_000),
    closesAt: new Date(at + durationMin * 60_000),
  };
}
