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

/**
 * The length bounds inside the contract's LOGIN_ID_PATTERN and PASSWORD_PATTERN (which the
 * server checks), spelled out so the form can say "Length must be 4~20" before the
 * character rules; form-rules.test.ts proves they match the patterns.
 */
export const LOGIN_ID_LENGTH = { min: 4, max: 20 } as const;
export const PASSWORD_LENGTH = { min: 8, max: 64 } as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export const rules = {
  /**
   * Nothing typed → "Please input {field}"; only spaces → "Value cannot be empty" (spec §5
   * has both). One rule, so a field never shows the two at once.
   */
  required: (field: string): Rule => ({
    required: true,
    validator: async (_rule, value) => {
      if (isBlank(value)) throw new Error(validationText('required', { field }));
      if (typeof value === 'string' && value.trim() === '') throw new Error(validationText('empty'));
    },
  }),
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
  /** "Length must be {length}" for a range; `label` is the range as the language writes it ("4~20"). */
  lengthWithin: (bounds: { min: number; max: number }, label: string): Rule => ({
    validator: async (_rule, value) => {
      if (typeof value !== 'string' || value === '') return;
      if (value.length < bounds.min || value.length > bounds.max)
        throw new Error(validationText('length', { length: label }));
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
