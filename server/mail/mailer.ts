import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  close(): void;
};

/**
 * Every mail is kept in the outbox table. With SMTP_URL it is sent through nodemailer; without it (the
 * embedded default) it is written to the log, link or code included, so a person running `npm start`
 * can confirm an account without a mail server. Set SMTP_URL in production.
 */
export function createMailer(options: {
  db: Kysely<DB>;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
    : undefined;

  return {
    async send(mail) {
      const row = await options.db
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        options.log.info(
          { mailTo: mail.to, subject: mail.subject, text: mail.text },
          'mail (no SMTP_URL: logged, not sent)',
        );
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await options.db
          .updateTable('mail_outbox')
          .set({ sent_at: Date.now() })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        const message = (error as Error).message;
        options.log.error({ mailTo: mail.to, err: message }, 'mail could not be sent');
        await options.db
          .updateTable('mail_outbox')
          .set({ error: message.slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
      }
    },
    close() {
      transport?.close();
    },
  };
}
