import { resultCodeName } from '@smartcare/contract/result-code-values';
import { i18next } from './i18n';

/** A failed call: the server's code, its description and data (field errors, retry-after). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly data: unknown = null,
  ) {
    super(description);
    this.name = 'ApiError';
  }

  /** Per-field messages of a VALIDATION_FAILED answer, already in the request's language. */
  fieldErrors(): { field: string; message: string }[] {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return Array.isArray(fields) ? (fields as { field: string; message: string }[]) : [];
  }
}

/** The request never reached the server (offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * What the patient reads for any failure: the app's own translation of the result code,
 * falling back to the server's description (already in the request's language).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const name = resultCodeName(error.code);
    const fallback = error.description || i18next.t('error.unknown');
    return name ? i18next.t(`resultCode.${name}`, { defaultValue: fallback }) : fallback;
  }
  if (error instanceof NetworkError) return i18next.t('error.network');
  return i18next.t('error.unknown');
}
