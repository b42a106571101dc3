import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from './api-client';

/** What to tell the staff member about a failed call: the server's own words when it gave some. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t('common.networkError');
    if (error.description) return error.description;
  }
  return t('common.serverError');
}
