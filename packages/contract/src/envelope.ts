import { z } from 'zod';
import { ResultCode } from './result-codes.ts';

/** Every response: `{ code, description, data }`; `code` 0 is success (brief §2). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), description: z.string(), data: data.nullable() });
}

export interface Envelope<T> {
  code: number;
  description: string;
  data: T | null;
}

/** One field that failed validation; `message` is already in the request's language. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** `data` of a VALIDATION_FAILED response. */
export const validationFailureSchema = z.object({ fields: z.array(fieldErrorSchema) });
export type ValidationFailure = z.infer<typeof validationFailureSchema>;

/** `data` of a RATE_LIMITED or ACCOUNT_LOCKED response. */
export const retryAfterSchema = z.object({ retryAfterSeconds: z.number().int() });
export type RetryAfter = z.infer<typeof retryAfterSchema>;

export const emptyDataSchema = z.object({});

export function isSuccess(envelope: { code: number }): boolean {
  return envelope.code === ResultCode.SUCCESS;
}
