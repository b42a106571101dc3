import type { ReceivedMail } from '../../apps/server/src/testing/smtp-sink.ts';

export { startSmtpSink, type ReceivedMail } from '../../apps/server/src/testing/smtp-sink.ts';

const CODE = /인증번호: (\d{6})/;

/**
 * The six-digit code of a password-reset mail (apps/server patient-mail.ts). Nodemailer
 * sends the Korean text quoted-printable or base64, so the body is decoded first.
 */
export function verificationCodeIn(mail: ReceivedMail): string | undefined {
  const [headers = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return CODE.exec(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'))?.[1];
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return CODE.exec(Buffer.from(bytes, 'latin1').toString('utf8'))?.[1];
  }
  return CODE.exec(body)?.[1];
}
