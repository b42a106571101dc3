import type { AppLocale } from '@smartcare/contract/result-code-values';
import { resultDescriptions } from '@smartcare/contract/result-codes';
import { contractValidation } from './contract-validation';

/**
 * The contract's result-code descriptions (and validation messages), so the server and
 * the app say the same sentence. Only the lazily loaded catalogues import this file.
 */
export function contractResultCodes(locale: AppLocale) {
  return { ...resultDescriptions[locale] };
}

export function contractCatalogue(locale: AppLocale) {
  return { resultCode: contractResultCodes(locale), validation: contractValidation(locale) };
}
