import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A loopback SMTP server for tests (and the browser journeys' mail sink): it speaks real SMTP, keeps every
// mail it accepts, and can be told to answer slowly or to refuse mail, like a real relay on a bad day.

export interface ReceivedMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

type Part = { headers: Map<string, string>; body: string };

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    const hex = source.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The text and HTML bodies of a message, walking multipart containers. */
function bodies(part: Part, found: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      bodies(splitPart(section.replace(/^\r?\n/, '')), found);
    }
    return;
  }
  if (/^text\/html/i.test(type)) found.html ||= decodeBody(part);
  else if (/^text\/plain/i.test(type)) found.text ||= decodeBody(part);
}

function parseMail(raw: string, id: number): ReceivedMail {
  const message = splitPart(raw);
  const found = { text: '', html: '' };
  bodies(message, found);
  const addresses = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((address) => /<([^>]+)>/.exec(address)?.[1] ?? address.trim())
      .filter(Boolean);
  return {
    id,
    from: decodeWords(message.headers.get('from') ?? ''),
    to: addresses(message.headers.get('to')),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: found.text,
    html: found.html,
    receivedAt: new Date().toISOString(),
  };
}

/** Options of the fake: a delay before each mail is accepted, and how many mails to refuse first. */
export type SmtpFakeOptions = { delayMs?: number; refuseNext?: number };

export class SmtpFake {
  readonly mails: ReceivedMail[] = [];
  delayMs: number;
  /** The next this many mails are refused with a temporary error (451). */
  refuseNext: number;
  refused = 0;
  private readonly events = new EventEmitter();
  private readonly server: SMTPServer;

  constructor(options: SmtpFakeOptions = {}) {
    this.delayMs = options.delayMs ?? 0;
    this.refuseNext = options.refuseNext ?? 0;
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          setTimeout(() => {
            if (this.refuseNext > 0) {
              this.refuseNext--;
              this.refused++;
              this.events.emit('refused');
              const error = Object.assign(new Error('try again later'), { responseCode: 451 });
              callback(error);
              return;
            }
            const mail = parseMail(Buffer.concat(chunks).toString('utf8'), this.mails.length + 1);
            this.mails.push(mail);
            this.events.emit('mail', mail);
            callback();
          }, this.delayMs);
        });
      },
    });
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Waits for the next (or an already received, not yet taken) mail to an address. */
  async mailTo(address: string, timeoutMs = 60_000): Promise<ReceivedMail> {
    const wanted = address.toLowerCase();
    const matches = (mail: ReceivedMail) => mail.to.some((to) => to.toLowerCase() === wanted);
    const found = this.mails.findLast(matches);
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('mail', onMail);
        reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMail = (mail: ReceivedMail) => {
        if (!matches(mail)) return;
        clearTimeout(timer);
        this.events.off('mail', onMail);
        resolve(mail);
      };
      this.events.on('mail', onMail);
    });
  }

  /** Resolves once `count` mails have been refused in all. */
  async refusals(count: number, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.refused < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${this.refused} of ${count} mails refused in time`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.events.once('refused', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
