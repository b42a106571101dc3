import type { ValidationMessageKey } from '@smartcare/contract/validation-messages';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { i18next } from './i18n';
import { ApiError } from './api-error';

/**
 * antd-mobile Form rules speaking the spec's messages (§5) through the catalogue's
 * `validation.*` keys, which mirror @smartcare/contract/validation-messages.
 */
type Rule = {
  required?: boolean;
  whitespace?: boolean;
  message?: string;
  validator?: (rule: unknown, value: unknown) => Promise<void>;
};

export function validationText(
  key: ValidationMessageKey,
  params: { field?: string; length?: string | number } = {},
): string {
  return i18next.t(`validation.${key}`, params);
}

export const rules = {
  required: (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: validationText('required', { field }),
  }),
  notEmpty: (): Rule => ({ required: true, whitespace: true, message: validationText('empty') }),
  email: (): Rule => ({
    validator: async (_rule, value) => {
      if (typeof value === 'string' && value !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
        throw new Error(validationText('email'));
      }
    },
  }),
  length: (length: number): Rule => ({
    validator: async (_rule, value) => {
      if (typeof value === 'string' && value !== '' && value.length !== length)
        throw new Error(validationText('length', { length }));
    },
  }),
  pattern: (pattern: RegExp, key: ValidationMessageKey): Rule => ({
    validator: async (_rule, value) => {
      if (typeof value === 'string' && value !== '' && !pattern.test(value))
        throw new Error(validationText(key));
    },
  }),
  /** "Not match the password": compares with another field of the same form. */
  matches: (form: FormInstance, otherField: string): Rule => ({
    validator: async (_rule, value) => {
      if (value && value !== form.getFieldValue(otherField))
        throw new Error(validationText('passwordMismatch'));
    },
  }),
};

/**
 * Puts a VALIDATION_FAILED answer's per-field messages under the matching fields.
 * Returns true when at least one field took a message (the form then says enough).
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = error.fieldErrors().filter((f) => known.has(f.field));
  if (fields.length === 0) return false;
  form.setFields(fields.map((f) => ({ name: f.field, errors: [f.message] })));
  return true;
}
