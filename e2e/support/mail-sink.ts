import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MAIL_API_PORT, SMTP_PORT } from './env.ts';

// A mail sink for the browser journeys: it accepts every mail over SMTP, keeps it in memory, and lists the
// received mails as JSON at GET /messages (GET /health answers when it is ready). Run: node e2e/support/mail-sink.ts

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

export function parseMail(raw: string, id: number): ReceivedMail {
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

const mails: ReceivedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), mails.length + 1));
      callback();
    });
  },
});

const api = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method === 'GET' && path === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  } else if (request.method === 'GET' && path === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});

smtp.listen(SMTP_PORT, '127.0.0.1', () => {
  api.listen(MAIL_API_PORT, '127.0.0.1', () => {
    console.log(
      `mail sink: SMTP on 127.0.0.1:${SMTP_PORT}, messages on http://127.0.0.1:${MAIL_API_PORT}/messages`,
    );
  });
});

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
