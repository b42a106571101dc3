import type { ResultCodeName } from '@smartcare/contract/result-codes';
import type { FieldError } from '@smartcare/contract/envelope';
import type { ValidationMessageKey } from '@smartcare/contract/validation-messages';

/**
 * Domain errors know their result code by name and nothing of HTTP; the error-handler
 * plugin maps them to the envelope and the status in one place.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: ResultCodeName,
    readonly data: Record<string, unknown> | null = null,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export const notFound = (what?: string) =>
  new DomainError('NOT_FOUND', null, what ? `${what} not found` : undefined);
export const conflict = (what?: string) => new DomainError('CONFLICT', null, what);
export const forbidden = () => new DomainError('FORBIDDEN');

/**
 * A patient's record (a room, a call) refused to the caller: the audit log records the
 * refusal with the patient it concerns (issue 10 point 18). The patient stays out of the
 * answer, which is FORBIDDEN, or NOT_FOUND where even existence must not show.
 */
export class AccessRefused extends DomainError {
  override name = 'AccessRefused';
  constructor(
    readonly patientIdx: number | null,
    code: 'FORBIDDEN' | 'NOT_FOUND' = 'FORBIDDEN',
  ) {
    super(code);
  }
}
export const notLoggedIn = () => new DomainError('NOT_LOGGED_IN');
export const tokenExpired = () => new DomainError('TOKEN_EXPIRED');

/** Answers that make the client wait report the wait, rounded up to whole seconds. */
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
export const accountLocked = (retryAfterSeconds: number) =>
  new DomainError('ACCOUNT_LOCKED', { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

/**
 * A rule broken by the request's content, found in a service rather than by the schema
 * (e.g. a required consent withdrawn). Messages are validation-message keys, translated
 * by the error handler like the schema's own.
 */
export class FieldValidationError extends DomainError {
  constructor(readonly fieldErrors: { field: string; message: ValidationMessageKey }[]) {
    super('VALIDATION_FAILED', null);
  }
}

export type { FieldError };
