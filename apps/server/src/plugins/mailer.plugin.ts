import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when the message went to an SMTP server; rejects when the server refused or was unreachable. */
  send(message: MailMessage, devLogNote?: Record<string, unknown>): Promise<boolean>;
  /**
   * Sends without keeping the caller waiting and never fails it: a failure is logged
   * (subject and error only, never the text). For answers that must not depend on the mail
   * server, e.g. a password reset answers the same whether or not an e-mail goes out.
   */
  sendInBackground(message: MailMessage, devLogNote?: Record<string, unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction' | 'devLogResetCodes'>;
}

/**
 * nodemailer waits up to two minutes for a connection and ten for a quiet socket; a dead
 * mail server should not hold messages (or a shutdown) that long. SMTP_URL's own query
 * options still win.
 */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
/** How long a shutdown waits for messages still on their way. */
const CLOSE_WAIT_MS = 5_000;

export function smtpUrlWithTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(SMTP_TIMEOUTS_MS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** What of a failed send may be logged: nodemailer's error code and stage, not the message. */
function mailError(error: unknown) {
  const { code, command, responseCode, message } = error as {
    code?: string;
    command?: string;
    responseCode?: number;
    message?: string;
  };
  return { code, command, responseCode, message };
}

/**
 * E-mail through SMTP_URL. Without it nothing is sent and the log says so, without the
 * message: a reset code in a log resets the account (issue 10 point 17). Only the
 * development switch DEV_LOG_RESET_CODES (refused in production) writes the message there,
 * so the flow can be tried without a mail server.
 */
export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, { config }) => {
    const transport = config.smtpUrl ? nodemailer.createTransport(smtpUrlWithTimeouts(config.smtpUrl)) : null;
    const inFlight = new Set<Promise<unknown>>();

    const mailer: Mailer = {
      async send(message, devLogNote) {
        if (transport) {
          await transport.sendMail({ from: config.mailFrom, ...message });
          return true;
        }
        if (config.isProduction || !config.devLogResetCodes) {
          app.log.warn({ subject: message.subject }, 'SMTP_URL is not set: e-mail not sent');
        } else {
          app.log.info(
            { mail: { to: message.to, subject: message.subject, ...devLogNote } },
            'SMTP_URL is not set: e-mail written to the log instead (development only)',
          );
        }
        return false;
      },

      sendInBackground(message, devLogNote) {
        const sending = mailer
          .send(message, devLogNote)
          .catch((error: unknown) => {
            app.log.error({ subject: message.subject, err: mailError(error) }, 'e-mail could not be sent');
          })
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      },
    };
    app.decorate('mailer', mailer);

    app.addHook('onClose', async () => {
      // Messages already accepted get their chance to leave, within a bound.
      if (inFlight.size > 0) {
        await Promise.race([Promise.allSettled(inFlight), sleep(CLOSE_WAIT_MS, undefined, { ref: false })]);
      }
      transport?.close();
    });
  },
  { name: 'mailer' },
);
