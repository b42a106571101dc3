import { resultCodeName } from '@smartcare/contract/result-code-values';
import { ApiError, NetworkError } from '@smartcare/web-core/api-client';
import { i18next } from './i18n';
import { isOnline } from './pwa/use-online';

// One ApiError and NetworkError for both apps: the client core's.
export { ApiError, NetworkError } from '@smartcare/web-core/api-client';

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
  // Without a network at all the patient is told so plainly (issue 12), not "check and retry".
  if (error instanceof NetworkError) return i18next.t(isOnline() ? 'error.network' : 'pwa.offlineAction');
  return i18next.t('error.unknown');
}

/**
 * The server's per-field refusals (already Korean) under their fields; null when it named none
 * of this form's fields (then the message is a toast).
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fieldOf: Record<string, F>,
): Partial<Record<F, string>> | null {
  if (!(error instanceof ApiError)) return null;
  const found: Partial<Record<F, string>> = {};
  for (const { field, message } of error.fieldErrors()) {
    const name = fieldOf[field.split('.')[0]!];
    if (name) found[name] ??= message;
  }
  return Object.keys(found).length > 0 ? found : null;
}
