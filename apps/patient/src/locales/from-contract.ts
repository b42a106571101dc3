import type { AppLocale } from '@smartcare/contract/result-codes';
import { resultDescriptions } from '@smartcare/contract/result-codes';
import { submitSuccess, validationMessages } from '@smartcare/contract/validation-messages';

/**
 * The contract's result-code descriptions and validation messages, in i18next form
 * (`{field}` → `{{field}}`), so the server and the app say the same sentence.
 */
export function contractCatalogue(locale: AppLocale) {
  const validation = Object.fromEntries(
    Object.entries(validationMessages[locale]).map(([key, text]) => [key, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
  ) as Record<keyof (typeof validationMessages)['kr-KO'], string>;
  return {
    resultCode: { ...resultDescriptions[locale] },
    validation: { ...validation, submitSuccess: submitSuccess[locale] },
  };
}
