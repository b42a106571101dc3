import type { AppLocale } from '@smartcare/contract/result-code-values';
import { submitSuccess, validationMessages } from '@smartcare/contract/validation-messages';

/** The contract's validation messages in i18next form (`{field}` → `{{field}}`); the first screen needs them. */
export function contractValidation(locale: AppLocale) {
  const validation = Object.fromEntries(
    Object.entries(validationMessages[locale]).map(([key, text]) => [
      key,
      // `{field|을/를}` → i18next's `josa` formatter (lib/i18n.ts) picks the particle.
      text.replace(/\{(\w+)\|([^}]+)\}/g, '{{$1, josa(p: $2)}}').replace(/\{(\w+)\}/g, '{{$1}}'),
    ]),
  ) as Record<keyof (typeof validationMessages)['kr-KO'], string>;
  return { ...validation, submitSuccess: submitSuccess[locale] };
}
