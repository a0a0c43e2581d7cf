import { createServer } from 'node:http';
import { SmtpFake } from '../../server/test/smtp-fake.ts';
import { MAIL_API_PORT, SMTP_PORT } from './env.ts';

// A mail sink for the browser journeys: it accepts every mail over SMTP, keeps it in memory, and lists the
// received mails as JSON at GET /messages (GET /health answers when it is ready). Run: node e2e/support/mail-sink.ts

const smtp = new SmtpFake();

const api = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method === 'GET' && path === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  } else if (request.method === 'GET' && path === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(smtp.mails));
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});

await smtp.listen(SMTP_PORT);
api.listen(MAIL_API_PORT, '127.0.0.1', () => {
  console.log(
    `mail sink: SMTP on 127.0.0.1:${SMTP_PORT}, messages on http://127.0.0.1:${MAIL_API_PORT}/messages`,
  );
});

const stop = () => {
  api.close();
  void smtp.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
