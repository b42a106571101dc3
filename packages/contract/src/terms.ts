import { z } from 'zod';

/**
 * Terms the patient agrees to. Health data needs its own consent, separate from the
 * others, and optional items never block the service (PIPA Art. 22–23, domain.md).
 */
export const TERMS_CODES = [
  'SERVICE',
  'PRIVACY',
  'HEALTH_DATA',
  'MARKETING',
  'MARKETING_NIGHT',
  'LOCATION',
] as const;
export const termsCodeSchema = z.enum(TERMS_CODES);
export type TermsCode = z.infer<typeof termsCodeSchema>;

export const termsSummarySchema = z.object({
  termsCode: termsCodeSchema,
  version: z.number().int(),
  title: z.string(),
  required: z.boolean(),
  effectiveAt: z.string(),
});
export type TermsSummary = z.infer<typeof termsSummarySchema>;

export const termsSchema = termsSummarySchema.extend({ body: z.string() });
export type Terms = z.infer<typeof termsSchema>;

/** `GET /terms/getTermsList` and `GET /terms/getTerms?termsCode=` (no auth: shown at sign-up). */
export const termsListSchema = z.array(termsSummarySchema);
export const termsQuerySchema = z.strictObject({ termsCode: termsCodeSchema });

export const consentSchema = z.object({
  termsCode: termsCodeSchema,
  version: z.number().int(),
  title: z.string(),
  required: z.boolean(),
  agreed: z.boolean(),
  /** ISO time of the last change; null when never answered. */
  agreedAt: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** `GET /patient/getConsents`; `PUT /patient/updateConsents` (required ones cannot be withdrawn here: that is account deletion). */
export const consentListSchema = z.array(consentSchema);
export const updateConsentsBodySchema = z.strictObject({
  consents: z.array(z.strictObject({ termsCode: termsCodeSchema, agreed: z.boolean() })).min(1),
});
export type UpdateConsentsBody = z.infer<typeof updateConsentsBodySchema>;
