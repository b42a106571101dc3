import type { MailMessage } from '../../plugins/mailer.plugin.ts';

/** The password-reset e-mail, in Korean (the app's first language). */
export function passwordResetMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: '[스마트 헬스케어] 비밀번호 재설정 인증번호',
    text: [
      '안녕하세요. 스마트 헬스케어입니다.',
      '',
      `비밀번호 재설정 인증번호: ${code}`,
      `인증번호는 ${minutes}분 동안 유효합니다.`,
      '',
      '본인이 요청하지 않았다면 이 메일을 무시해 주세요. 비밀번호는 바뀌지 않습니다.',
    ].join('\n'),
  };
}
