import { z } from 'zod';
import { int4Id, safeText } from './safe-input.ts';

/**
 * Nurse-call reasons, most urgent first; the priority orders the ward board (domain.md).
 * The app is not the emergency channel: screens always point to the bed button and 119.
 */
export const NURSE_CALL_REASONS = ['EMERGENCY', 'FALL', 'PAIN', 'IV', 'TOILET', 'WATER', 'OTHER'] as const;
export const nurseCallReasonSchema = z.enum(NURSE_CALL_REASONS);
export type NurseCallReason = z.infer<typeof nurseCallReasonSchema>;

/** Lower number = higher priority. */
export const nurseCallPriority: Record<NurseCallReason, number> = {
  EMERGENCY: 1,
  FALL: 1,
  PAIN: 2,
  IV: 3,
  TOILET: 4,
  WATER: 5,
  OTHER: 5,
};

export const NURSE_CALL_STATUSES = ['REQUESTED', 'ACKNOWLEDGED', 'IN_PROGRESS', 'DONE', 'CANCELLED'] as const;
export const nurseCallStatusSchema = z.enum(NURSE_CALL_STATUSES);
export type NurseCallStatus = z.infer<typeof nurseCallStatusSchema>;
export const OPEN_NURSE_CALL_STATUSES: readonly NurseCallStatus[] = [
  'REQUESTED',
  'ACKNOWLEDGED',
  'IN_PROGRESS',
];

export const nurseCallSchema = z.object({
  idx: z.number().int(),
  hospitalIdx: z.number().int(),
  patientIdx: z.number().int(),
  patientName: z.string(),
  ward: z.string().nullable(),
  bed: z.string().nullable(),
  reason: nurseCallReasonSchema,
  priority: z.number().int(),
  note: z.string(),
  status: nurseCallStatusSchema,
  requestedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedByIdx: z.number().int().nullable(),
  acknowledgedByName: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Set when the call stayed unacknowledged past the hospital's escalation time. */
  escalatedAt: z.string().nullable(),
  // issue 10: routed by admission, raised by the patient, who the patient is.
  /** Staff confirmed the identity at admission; the board marks a call without it. */
  identityConfirmed: z.boolean(),
  /** Set when the patient raised the call to a higher priority while it was open. */
  raisedAt: z.string().nullable(),
  /** From the patient's record at read time, for the board (issue 10 point 5). */
  birthDate: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  allergies: z.string(),
  /** The note the patient wrote for staff in their profile. */
  staffNote: z.string(),
});
export type NurseCall = z.infer<typeof nurseCallSchema>;

/** Published by the patient to `nurseCalling/{hospitalIdx}` (spec §7). Ward/bed come from the profile. */
/** 기타 carries a short text; longer is refused, not cut (issue 10). Same as NURSE_CALL_NOTE_MAX_LENGTH. */
const NURSE_CALL_NOTE_MAX = 100;
export const nurseCallRequestSchema = z.object({
  clientCallId: safeText().min(1).max(64),
  reason: nurseCallReasonSchema,
  note: safeText().trim().max(NURSE_CALL_NOTE_MAX).optional(),
});
export type NurseCallRequest = z.infer<typeof nurseCallRequestSchema>;

/** What the server delivers on the board and patient topics after storing a call or a change. */
export const nurseCallEventSchema = z.object({
  /** request: a new call; raise: the patient raised its priority; escalate: overdue (louder alert). */
  event: z.enum(['request', 'update', 'raise', 'escalate']),
  call: nurseCallSchema,
});
export type NurseCallEvent = z.infer<typeof nurseCallEventSchema>;

/** `PUT /nurseCall/acknowledge`, `/nurseCall/complete` (staff), `/nurseCall/cancel` (patient). */
export const nurseCallActionBodySchema = z.strictObject({ callIdx: int4Id() });
export type NurseCallActionBody = z.infer<typeof nurseCallActionBodySchema>;
