import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { decrypt, encrypt } from '../security/crypto.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

/** Queues mail: the request that sends one only writes it to the outbox; a worker delivers it. */
export type Mailer = {
  send(mail: Mail): Promise<void>;
};

/** How the worker hands a mail on: SMTP, or (without SMTP_URL, outside production) the log. */
type Delivery = (mail: Mail) => Promise<void>;

type MailOutboxOptions = {
  database: Database;
  /** Key sealing the bodies at rest (they hold confirmation links and reset codes). */
  key: Buffer;
  smtpUrl: string | undefined;
  from: string;
  production: boolean;
  log: FastifyBaseLogger;
  /** Sent and given-up mail is deleted this long after (the body is cleared at once). */
  retentionMs: number;
  /** First retry after this long, doubling up to an hour. */
  retryBaseMs?: number;
  /** How often the outbox is looked at when nothing nudges it (mail queued by other processes). */
  pollMs?: number;
};

const MAIL_MAX_ATTEMPTS = 8;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** A claimed mail is another process's to retry once this lease runs out (a process died mid-delivery). */
const CLAIM_LEASE_MS = 2 * 60_000;
const BATCH = 10;
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * The mail outbox. `send` stores the mail with its bodies encrypted and nudges the worker, so a request
 * does the same small amount of work whether it sends a mail or not (no timing tells whether an account
 * exists). The worker claims due mail (on PostgreSQL with SKIP LOCKED, so processes share the work),
 * delivers it, and clears the body once sent or given up after MAIL_MAX_ATTEMPTS tries with exponential
 * backoff. Sent and failed rows are deleted after the retention period.
 */
export class MailOutbox implements Mailer {
  private readonly db: Kysely<DB>;
  private readonly deliver: Delivery;
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastPurge = 0;
  /** When the soonest planned retry is due, so it is not left waiting for the next poll. */
  private nextRetryAt: number | undefined;

  private readonly options: MailOutboxOptions;

  constructor(options: MailOutboxOptions) {
    this.options = options;
    this.db = options.database.db;
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : undefined;
    this.deliver = this.transport ? this.viaSmtp(this.transport) : this.viaLog();
  }

  async send(mail: Mail): Promise<void> {
    await this.enqueue(this.db, mail);
    this.nudge();
  }

  /**
   * Writes a mail into the outbox through `executor` (a transaction, so that the mail is queued only if
   * what it announces is recorded) and answers its id. Nothing is delivered until `nudge()` or the next poll:
   * call `nudge()` once the transaction has committed.
   */
  async enqueue(executor: Kysely<DB>, mail: Mail): Promise<number> {
    const { key } = this.options;
    const now = Date.now();
    const row = await executor
      .insertInto('mail_outbox')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        text_body: encrypt(key, mail.text),
        html_body: encrypt(key, mail.html),
        created_at: now,
        next_attempt_at: now,
        attempts: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a delivery in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** Looks at the outbox now (a mail was just queued). */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'mail outbox run failed'))
        .finally(() => {
          this.running = undefined;
          const more = this.again;
          this.again = false;
          const poll = this.options.pollMs ?? 5_000;
          const retry = this.nextRetryAt === undefined ? poll : Math.max(0, this.nextRetryAt - Date.now());
          this.schedule(more ? 0 : Math.min(poll, retry));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Delivers what is due (until nothing is), then purges old rows now and then. */
  async runOnce(): Promise<void> {
    if (this.nextRetryAt !== undefined && this.nextRetryAt <= Date.now()) this.nextRetryAt = undefined;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) break;
      for (const row of claimed) await this.deliverRow(row);
      if (this.stopped) return;
    }
    if (Date.now() - this.lastPurge >= PURGE_EVERY_MS) await this.purge();
  }

  private async claim() {
    const now = Date.now();
    const postgres = this.options.database.dialect === 'postgres';
    return this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ claimed_until: now + CLAIM_LEASE_MS, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) => {
        const due = eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
          .orderBy('id')
          .limit(BATCH);
        // SQLite has one writer and no row locks; PostgreSQL processes skip each other's rows.
        return postgres ? due.forUpdate().skipLocked() : due;
      })
      .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
      .execute();
  }

  private async deliverRow(row: {
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attempts: number;
  }): Promise<void> {
    const { key, log } = this.options;
    let mail: Mail;
    try {
      mail = {
        to: row.to_address,
        subject: row.subject,
        text: decrypt(key, row.text_body),
        html: row.html_body ? decrypt(key, row.html_body) : '',
      };
    } catch {
      // Sealed with another APP_SECRET: it can never be read, so it is given up at once.
      await this.finish(row.id, { failed_at: Date.now(), error: 'cannot be decrypted with this APP_SECRET' });
      log.error({ mailId: row.id }, 'mail cannot be decrypted (APP_SECRET changed?); given up');
      return;
    }
    try {
      await this.deliver(mail);
      await this.finish(row.id, { sent_at: Date.now(), error: null });
    } catch (error) {
      const message = ((error as Error).message ?? String(error)).slice(0, 500);
      if (row.attempts >= MAIL_MAX_ATTEMPTS) {
        log.error(
          { mailId: row.id, attempts: row.attempts, err: message },
          'mail could not be sent; given up',
        );
        await this.finish(row.id, { failed_at: Date.now(), error: message });
        return;
      }
      const delay = Math.min(
        (this.options.retryBaseMs ?? 30_000) * 2 ** (row.attempts - 1),
        MAX_RETRY_DELAY_MS,
      );
      log.warn(
        { mailId: row.id, attempts: row.attempts, err: message, retryInMs: delay },
        'mail not sent yet',
      );
      await this.db
        .updateTable('mail_outbox')
        .set({ error: message, next_attempt_at: Date.now() + delay, claimed_until: null })
        .where('id', '=', row.id)
        .execute();
      this.nextRetryAt = Math.min(this.nextRetryAt ?? Number.POSITIVE_INFINITY, Date.now() + delay);
    }
  }

  /** Ends a mail's life in the queue: the body (a link or code) is cleared, only the envelope stays. */
  private async finish(
    id: number,
    outcome: { sent_at?: number; failed_at?: number; error: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ ...outcome, text_body: '', html_body: null, claimed_until: null })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes sent and given-up mail older than the retention period. */
  async purge(): Promise<number> {
    this.lastPurge = Date.now();
    const cutoff = Date.now() - this.options.retentionMs;
    const result = await this.db
      .deleteFrom('mail_outbox')
      .where((w) => w.or([w('sent_at', '<', cutoff), w('failed_at', '<', cutoff)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private viaSmtp(transport: Transporter): Delivery {
    return async (mail) => {
      await transport.sendMail({ from: this.options.from, ...mail });
    };
  }

  private viaLog(): Delivery {
    const { log, production } = this.options;
    return async (mail) => {
      if (production) {
        // Never write a link or code to a production log; the mail cannot be delivered without SMTP.
        throw new Error('SMTP_URL is not set: mail cannot be delivered');
      }
      log.info(
        { mailTo: mail.to, subject: mail.subject, text: mail.text },
        'mail (no SMTP_URL: logged, not sent)',
      );
    };
  }
}
