import { z } from 'zod';
import { pageSchema, pagingQuerySchema } from './paging.ts';
import { int4Id, int4Query, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Q&A with the care team (issue 17, decision 027): a home-care patient asks a question with
 * up to three photos, the hospital's staff answer it, the patient may follow up or close it.
 * WAITING → ANSWERED (staff answer) → WAITING (patient follow-up) … → CLOSED (patient).
 */
export const QNA_CATEGORIES = ['MEDICATION', 'SYMPTOM', 'DIET', 'DEVICE', 'OTHER'] as const;
export const qnaCategorySchema = z.enum(QNA_CATEGORIES);
export type QnaCategory = z.infer<typeof qnaCategorySchema>;

export const QNA_STATUSES = ['WAITING', 'ANSWERED', 'CLOSED'] as const;
export const qnaStatusSchema = z.enum(QNA_STATUSES);
export type QnaStatus = z.infer<typeof qnaStatusSchema>;

export const QNA_TITLE_MAX = 100;
export const QNA_TEXT_MAX = 2000;
export const QNA_PHOTOS_MAX = 3;
/** One photo as sent (before resizing). */
export const QNA_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const QNA_TEMPLATE_TITLE_MAX = 40;

const text = (max: number) => safeText().trim().min(1, V.required).max(max, V.length);

/** base64 of the photo as taken; the server reads its type from the bytes. */
export const qnaPhotoInputSchema = z.strictObject({
  dataBase64: z
    .string()
    .min(1, V.required)
    .max(Math.ceil(QNA_PHOTO_MAX_BYTES / 3) * 4 + 16, V.invalid),
});

/** `POST /qna/createQuestion`: a resend with the same `clientRequestId` returns the first question. */
export const createQuestionBodySchema = z.strictObject({
  category: qnaCategorySchema,
  title: text(QNA_TITLE_MAX),
  text: text(QNA_TEXT_MAX),
  photos: z.array(qnaPhotoInputSchema).max(QNA_PHOTOS_MAX, V.invalid).default([]),
  clientRequestId: safeText().min(8).max(64),
});
export type CreateQuestionBody = z.input<typeof createQuestionBodySchema>;

export const qnaIdxQuerySchema = z.strictObject({ idx: int4Query().positive(V.invalid) });
export const qnaIdxBodySchema = z.strictObject({ idx: int4Id() });
export const qnaReplyBodySchema = z.strictObject({ idx: int4Id(), text: text(QNA_TEXT_MAX) });
export type QnaReplyBody = z.infer<typeof qnaReplyBodySchema>;

export const myQuestionsQuerySchema = pagingQuerySchema;
export const qnaQueueQuerySchema = z.strictObject({ status: qnaStatusSchema.optional() });

export const qnaMessageSchema = z.object({
  idx: z.number().int(),
  authorType: z.enum(['patient', 'staff']),
  /** The staff member's name (a patient's follow-up: the patient's). */
  authorName: z.string(),
  /** NURSE, DOCTOR, … for staff; null for the patient. */
  authorRole: z.string().nullable(),
  text: z.string(),
  at: z.string(),
});
export type QnaMessage = z.infer<typeof qnaMessageSchema>;

export const qnaSummarySchema = z.object({
  idx: z.number().int(),
  category: qnaCategorySchema,
  title: z.string(),
  status: qnaStatusSchema,
  photoCount: z.number().int(),
  askedAt: z.string(),
  /** Since when the question waits for the care team (null: not waiting). */
  waitingSince: z.string().nullable(),
  lastActivityAt: z.string(),
});
export type QnaSummary = z.infer<typeof qnaSummarySchema>;
export const qnaPageSchema = pageSchema(qnaSummarySchema);

export const qnaQuestionSchema = qnaSummarySchema.extend({
  text: z.string(),
  photoIdxs: z.array(z.number().int()),
  messages: z.array(qnaMessageSchema),
  assigneeIdx: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
});
export type QnaQuestion = z.infer<typeof qnaQuestionSchema>;

/** The staff view: whose question it is. */
export const qnaStaffQuestionSchema = qnaQuestionSchema.extend({
  patientIdx: z.number().int(),
  patientName: z.string(),
});
export type QnaStaffQuestion = z.infer<typeof qnaStaffQuestionSchema>;

export const qnaQueueItemSchema = qnaSummarySchema.extend({
  patientIdx: z.number().int(),
  patientName: z.string(),
  assigneeIdx: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
});
export type QnaQueueItem = z.infer<typeof qnaQueueItemSchema>;

export const qnaPhotoSchema = z.object({ contentType: z.literal('image/jpeg'), dataBase64: z.string() });
export type QnaPhoto = z.infer<typeof qnaPhotoSchema>;

export const qnaTemplateSchema = z.object({
  idx: z.number().int(),
  title: z.string(),
  text: z.string(),
  createdByName: z.string(),
});
export type QnaTemplate = z.infer<typeof qnaTemplateSchema>;
export const createQnaTemplateBodySchema = z.strictObject({
  title: text(QNA_TEMPLATE_TITLE_MAX),
  text: text(QNA_TEXT_MAX),
});
