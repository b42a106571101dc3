import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when the message went to an SMTP server. */
  send(message: MailMessage, devLogNote?: Record<string, unknown>): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction'>;
}

/**
 * E-mail through SMTP_URL. Without it, development writes what it would have sent to the
 * log so the flow can be tried; production never logs message contents (they carry codes).
 */
export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, { config }) => {
    const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    app.decorate('mailer', {
      async send(message, devLogNote) {
        if (transport) {
          await transport.sendMail({ from: config.mailFrom, ...message });
          return true;
        }
        if (config.isProduction) {
          app.log.warn({ subject: message.subject }, 'SMTP_URL is not set: e-mail not sent');
        } else {
          app.log.info(
            { mail: { to: message.to, subject: message.subject, ...devLogNote } },
            'SMTP_URL is not set: e-mail written to the log instead (development only)',
          );
        }
        return false;
      },
    });
    app.addHook('onClose', async () => {
      transport?.close();
    });
  },
  { name: 'mailer' },
);
