import { z } from 'zod';
import { int4Id, int4Query, safeText } from './safe-input.ts';
import { ValidationMessage as V } from './validation-messages.ts';

/**
 * Ratings (issue 16): after a completed occasion — a consulting chat today; an outpatient visit
 * or a telemedicine visit when those are built — the patient rates it once (1–5 stars, quick
 * tags, an optional comment) and may change it for 7 days (decision 028).
 */
export const RATING_OCCASION_KINDS = ['CHAT', 'APPOINTMENT', 'TELEMEDICINE'] as const;
export const ratingOccasionKindSchema = z.enum(RATING_OCCASION_KINDS);
export type RatingOccasionKind = z.infer<typeof ratingOccasionKindSchema>;

/** A rating may be changed for this many days after it was first given. */
export const RATING_EDIT_DAYS = 7;
/** An occasion waits for its rating this many days after it completed (decision 028). */
export const RATING_INVITE_DAYS = 30;
export const RATING_COMMENT_MAX = 500;

export const RATING_TAGS = [
  'KIND', // 친절해요
  'CLEAR_EXPLANATION', // 설명이 충분해요
  'QUICK_ANSWER', // 답변이 빨라요
  'LONG_WAIT', // 대기가 길었어요
  'UNCLEAR_EXPLANATION', // 설명이 부족했어요
  'UNFRIENDLY', // 불친절했어요
] as const;
export const ratingTagSchema = z.enum(RATING_TAGS);
export type RatingTag = z.infer<typeof ratingTagSchema>;

export const ratingOccasionQuerySchema = z.strictObject({
  kind: ratingOccasionKindSchema,
  idx: int4Query().positive(V.invalid),
});
export type RatingOccasionQuery = z.infer<typeof ratingOccasionQuerySchema>;

export const submitRatingBodySchema = z.strictObject({
  kind: ratingOccasionKindSchema,
  idx: int4Id(),
  stars: z.number(V.required).int(V.invalid).min(1, V.invalid).max(5, V.invalid),
  tags: z
    .array(ratingTagSchema)
    .max(RATING_TAGS.length, V.invalid)
    .refine((tags) => new Set(tags).size === tags.length, V.invalid)
    .default([]),
  comment: safeText().trim().max(RATING_COMMENT_MAX, V.length).default(''),
});
export type SubmitRatingBody = z.input<typeof submitRatingBodySchema>;

export const ratingSchema = z.object({
  idx: z.number().int(),
  stars: z.number().int(),
  tags: z.array(ratingTagSchema),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until then the patient may change it; after, it is read-only. */
  editableUntil: z.string(),
  editable: z.boolean(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** Something the patient may rate (or has rated): a completed chat today. */
export const ratingOccasionSchema = z.object({
  kind: ratingOccasionKindSchema,
  idx: z.number().int(),
  hospitalName: z.string(),
  /** Who handled it (the staff member's name), when known. */
  staffName: z.string().nullable(),
  completedAt: z.string(),
  /** Until then an unrated occasion may be rated. */
  rateableUntil: z.string(),
  rating: ratingSchema.nullable(),
});
export type RatingOccasion = z.infer<typeof ratingOccasionSchema>;

export const myRatingsSchema = z.object({
  waiting: z.array(ratingOccasionSchema),
  rated: z.array(ratingOccasionSchema),
});
export type MyRatings = z.infer<typeof myRatingsSchema>;

/** Staff: the statistics of the hospital's ratings, from a month onwards. */
export const ratingStatsQuerySchema = z.strictObject({
  months: int4Query().min(1, V.invalid).max(24, V.invalid).optional(),
});

export const ratingSummarySchema = z.object({
  count: z.number().int(),
  /** null when there is no rating. */
  average: z.number().nullable(),
  /** How many ratings gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const ratingStatsSchema = z.object({
  overall: ratingSummarySchema,
  departments: z.array(ratingSummarySchema.extend({ department: z.string() })),
  /** Per staff member: every member for ADMIN, the caller's own line for anyone else (decision 028). */
  staff: z
    .array(ratingSummarySchema.extend({ staffIdx: z.number().int(), staffName: z.string() }))
    .nullable(),
  months: z.array(ratingSummarySchema.extend({ month: z.string() })),
  /** The latest comments; never the patient's identity. */
  comments: z.array(
    z.object({
      idx: z.number().int(),
      stars: z.number().int(),
      tags: z.array(ratingTagSchema),
      comment: z.string(),
      department: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type RatingStats = z.infer<typeof ratingStatsSchema>;
