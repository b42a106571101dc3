import type { AppLocale } from '@smartcare/contract/result-codes';
import { resultDescriptions } from '@smartcare/contract/result-codes';
import { submitSuccess, validationMessages } from '@smartcare/contract/validation-messages';

/**
 * The contract's validation messages and result-code descriptions, in i18next form
 * (`{field}` → `{{field}}`), so the server and the app say the same sentence.
 */
export function contractValidation(locale: AppLocale) {
  const validation = Object.fromEntries(
    Object.entries(validationMessages[locale]).map(([key, text]) => [
      key,
      text.replace(/\{(\w+)\}/g, '{{$1}}'),
    ]),
  ) as Record<keyof (typeof validationMessages)['kr-KO'], string>;
  return { ...validation, submitSuccess: submitSuccess[locale] };
}

export function contractResultCodes(locale: AppLocale) {
  return { ...resultDescriptions[locale] };
}

export function contractCatalogue(locale: AppLocale) {
  return { resultCode: contractResultCodes(locale), validation: contractValidation(locale) };
}
