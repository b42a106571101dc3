import { z } from 'zod';

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
});
export type NurseCall = z.infer<typeof nurseCallSchema>;

/** Published by the patient to `nurseCalling/{hospitalIdx}` (spec §7). Ward/bed come from the profile. */
export const nurseCallRequestSchema = z.object({
  clientCallId: z.string().min(1).max(64),
  reason: nurseCallReasonSchema,
  note: z.string().trim().max(200).optional(),
});
export type NurseCallRequest = z.infer<typeof nurseCallRequestSchema>;

/** What the server delivers on the board and patient topics after storing a call or a change. */
export const nurseCallEventSchema = z.object({
  event: z.enum(['request', 'update']),
  call: nurseCallSchema,
});
export type NurseCallEvent = z.infer<typeof nurseCallEventSchema>;

/** `PUT /nurseCall/acknowledge`, `/nurseCall/complete` (staff), `/nurseCall/cancel` (patient). */
export const nurseCallActionBodySchema = z.strictObject({ callIdx: z.number().int().positive() });
export type NurseCallActionBody = z.infer<typeof nurseCallActionBodySchema>;
