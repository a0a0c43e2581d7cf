import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { MailOutbox } from '../mail/mailer.ts';
import { dueReminders, recordReminder, settleReminderMails } from '../services/membership-reminders.ts';

// The membership reminder sweep, in every process (MEMBERSHIP_REMINDERS): every `everyMs`, and soon after an
// admin changes memberships (`nudge`), it finds the members whose membership ends within 7 days or 1 day and
// who have not had that reminder for that expiry date, and records each reminder with its mail in one
// transaction; the unique key makes the same reminder recorded by another process at the same moment a
// no-op, so each is sent once. Requests never wait for it: the mail is only queued here, and the outbox's
// worker delivers it.

export type ReminderSweep = {
  start(): void;
  stop(): Promise<void>;
  /** Sweeps now (or once more after the sweep in progress); answers how many reminders it recorded. */
  sweep(): Promise<number>;
  /** Sweeps soon, without waiting (after an admin changed expiry dates). */
  nudge(): void;
};

const BATCH = 100;

export function createReminderSweep(options: {
  db: Kysely<DB>;
  outbox: Pick<MailOutbox, 'enqueue' | 'nudge'>;
  publicUrl: string;
  contact: string | undefined;
  log: FastifyBaseLogger;
  everyMs?: number;
}): ReminderSweep {
  const { db, outbox, log } = options;
  const mail = { contact: options.contact, url: `${options.publicUrl}/personal/info` };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function sweepOnce(): Promise<number> {
    await settleReminderMails(db);
    let recorded = 0;
    // Candidates of one batch that were not recorded (the date moved, or another process was first) are
    // not candidates any more on the next read, so the loop ends.
    for (;;) {
      const due = await dueReminders(db, Date.now(), BATCH);
      let progress = 0;
      for (const reminder of due) {
        if (stopped) break;
        if (await recordReminder(db, outbox, reminder, mail)) {
          recorded++;
          progress++;
        }
      }
      if (recorded) outbox.nudge();
      if (stopped || due.length < BATCH || progress === 0) break;
    }
    if (recorded) log.info({ recorded }, 'membership reminders queued');
    return recorded;
  }

  function sweep(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = sweepOnce()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'membership reminders: a sweep failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void sweep();
        }
      });
    return running;
  }

  return {
    start() {
      if (timer || stopped) return;
      void sweep();
      timer = setInterval(() => void sweep(), options.everyMs ?? 5 * 60_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    sweep,
    nudge() {
      void sweep();
    },
  };
}
