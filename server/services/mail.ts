import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058; Reply-To on a
   * business enquiry sent to the team). The outbox keeps them with the mail.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The default mailer: mail is stored in the database and printed to the log (DESIGN §7). */
export function createOutboxMailer(deps: { db: Db; clock: Clock; log: Logger }): Mailer {
  return {
    async send(mail) {
      const { headers, ...rest } = mail;
      await deps.db.insert(mailOutbox).values({ id: randomUUID(), createdAt: deps.clock.now(), ...rest, headers: headers ?? null });
      deps.log.info({ to: mail.to, subject: mail.subject }, `mail to outbox:\n${mail.text}`);
    },
  };
}

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com), through nodemailer. */
export async function createSmtpMailer(url: string, from: string): Promise<Mailer> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      // nodemailer sends `headers` as they are (List-Unsubscribe, List-Unsubscribe-Post, Reply-To).
      await transport.sendMail({ from, ...mail });
    },
  };
}
