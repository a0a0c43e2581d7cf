import { DomainError } from '../services/errors.ts';

export type ImageQueueLimits = {
  /** Images decoded at once in this process (each takes a core while it runs). */
  concurrency: number;
  /** Images waiting for a turn in this process; beyond that the upload is refused with 503. */
  maxWaiting: number;
  /** Images of one person in progress or waiting; beyond that the upload is refused with 429. */
  perPerson: number;
};

const IMAGE_QUEUE_LIMITS: ImageQueueLimits = { concurrency: 2, maxWaiting: 8, perPerson: 2 };
/** What a refused upload tells the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Decoding and re-encoding an image costs CPU and memory; this queue bounds that work per process and per
 * person, so a few large uploads cannot starve everything else. Work past the limits is refused at once
 * (problem details with Retry-After) rather than queued without end.
 */
export class ImageQueue {
  private readonly limits: ImageQueueLimits;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly perPerson = new Map<string, number>();

  constructor(limits: ImageQueueLimits = IMAGE_QUEUE_LIMITS) {
    this.limits = limits;
  }

  async run<T>(personId: string, work: () => Promise<T>): Promise<T> {
    const mine = this.perPerson.get(personId) ?? 0;
    if (mine >= this.limits.perPerson) {
      throw new DomainError('tooMany', 'uploadTooManyAtOnce', {}, { retryAfter: RETRY_AFTER_SECONDS });
    }
    if (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.maxWaiting) {
      throw new DomainError('busy', 'uploadBusy', {}, { retryAfter: RETRY_AFTER_SECONDS });
    }
    this.perPerson.set(personId, mine + 1);
    try {
      if (this.running >= this.limits.concurrency) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      } else {
        this.running++;
      }
      try {
        return await work();
      } finally {
        const next = this.waiting.shift();
        // The finished job's turn passes straight to the next one waiting.
        if (next) next();
        else this.running--;
      }
    } finally {
      const left = (this.perPerson.get(personId) ?? 1) - 1;
      if (left > 0) this.perPerson.set(personId, left);
      else this.perPerson.delete(personId);
    }
  }
}
