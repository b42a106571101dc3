/**
 * Per-field validation messages (spec §5). Schemas carry the message *key* (e.g. `email`);
 * the server turns keys into sentences in the request's language, the apps do the same
 * in their forms, so a field says the same thing wherever it is checked.
 */
import { josa } from 'es-hangul';
import type { AppLocale } from './result-codes.ts';

export const ValidationMessage = {
  required: 'required',
  empty: 'empty',
  email: 'email',
  length: 'length',
  passwordMismatch: 'passwordMismatch',
  passwordRule: 'passwordRule',
  loginIdRule: 'loginIdRule',
  invalid: 'invalid',
  unknownField: 'unknownField',
} as const;
export type ValidationMessageKey = keyof typeof ValidationMessage;

/**
 * `{field}` and `{length}` are filled in by `formatValidationMessage`. `{field|을/를}` is the
 * field followed by the particle its last syllable takes (아이디를, 이름을), never "을(를)".
 */
export const validationMessages: Record<AppLocale, Record<ValidationMessageKey, string>> = {
  'kr-KO': {
    required: '{field|을/를} 입력해 주세요',
    empty: '값을 비워 둘 수 없습니다',
    email: '이메일 형식이 올바르지 않습니다',
    length: '{length}자로 입력해 주세요',
    passwordMismatch: '비밀번호가 일치하지 않습니다',
    passwordRule: '비밀번호는 8~64자이며 영문, 숫자, 특수문자를 모두 포함해야 합니다',
    loginIdRule: '아이디는 4~20자의 영문 소문자, 숫자, -, _ 만 사용할 수 있습니다',
    invalid: '값이 올바르지 않습니다',
    unknownField: '알 수 없는 항목입니다',
  },
  'en-US': {
    required: 'Please input {field}',
    empty: 'Value cannot be empty',
    email: 'Email format error',
    length: 'Length must be {length}',
    passwordMismatch: 'Not match the password',
    passwordRule: 'Password must be 8-64 characters with letters, numbers and symbols',
    loginIdRule: 'ID must be 4-20 lowercase letters, numbers, - or _',
    invalid: 'Invalid value',
    unknownField: 'Unknown field',
  },
  'zh-CN': {
    required: '请输入{field}',
    empty: '值不能为空',
    email: '邮箱格式错误',
    length: '长度必须为{length}',
    passwordMismatch: '两次密码不一致',
    passwordRule: '密码需为8-64位，并包含字母、数字和特殊字符',
    loginIdRule: '账号需为4-20位小写字母、数字、-或_',
    invalid: '值无效',
    unknownField: '未知字段',
  },
};

export const submitSuccess: Record<AppLocale, string> = {
  'kr-KO': '제출되었습니다',
  'en-US': 'Submit Success',
  'zh-CN': '提交成功',
};

export function formatValidationMessage(
  locale: AppLocale,
  key: ValidationMessageKey,
  params: { field?: string; length?: string | number } = {},
): string {
  return validationMessages[locale][key]
    .replace(/\{field\|([^}]+)\}/, (_, particle: JosaParticle) => withParticle(params.field ?? '', particle))
    .replace('{field}', params.field ?? '')
    .replace('{length}', String(params.length ?? ''));
}

export type JosaParticle = Parameters<typeof josa>[1];

/** `word` and the particle its last syllable takes; a word without Hangul keeps the first form. */
export function withParticle(word: string, particle: JosaParticle): string {
  return word === '' ? '' : josa(word, particle);
}

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return value in ValidationMessage;
}
