import type { AppLocale } from '@smartcare/contract/result-codes';

/** Field names as the forms show them, for messages such as "아이디를 입력해 주세요" (the particle chosen from the label). */
const labels: Record<AppLocale, Record<string, string>> = {
  'kr-KO': {
    loginId: '아이디',
    password: '비밀번호',
    passwordConfirm: '비밀번호 확인',
    newPassword: '새 비밀번호',
    newPasswordConfirm: '새 비밀번호 확인',
    name: '이름',
    email: '이메일',
    verificationCode: '인증번호',
    fcmToken: '푸시 토큰',
    termsCode: '약관',
    consents: '동의 항목',
    agreedTermsCodes: '약관 동의',
  },
  'en-US': {
    loginId: 'ID',
    password: 'password',
    passwordConfirm: 'password confirmation',
    newPassword: 'new password',
    newPasswordConfirm: 'new password confirmation',
    name: 'name',
    email: 'email',
    verificationCode: 'verification code',
    fcmToken: 'push token',
    termsCode: 'terms',
    consents: 'consents',
    agreedTermsCodes: 'terms agreement',
  },
  'zh-CN': {
    loginId: '账号',
    password: '密码',
    passwordConfirm: '确认密码',
    newPassword: '新密码',
    newPasswordConfirm: '确认新密码',
    name: '姓名',
    email: '邮箱',
    verificationCode: '验证码',
    fcmToken: '推送令牌',
    termsCode: '条款',
    consents: '同意项',
    agreedTermsCodes: '条款同意',
  },
};

export function fieldLabel(locale: AppLocale, field: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  return labels[locale][last] ?? last;
}

/** The fixed lengths that "{length}자로 입력해 주세요" refers to, by field. */
const fixedLengths: Record<string, number> = { verificationCode: 6 };

export function fieldLength(field: string): number | undefined {
  return fixedLengths[field.split('.').pop() ?? field];
}
