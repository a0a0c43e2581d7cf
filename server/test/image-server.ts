import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** Trusted by the portal in tests (IMAGE_FETCH_CA) so it can fetch from this server over https. */
export const IMAGE_SERVER_CA_FILE = path.join(FIXTURES, 'image-server.cert.pem');

/** Settings that let a test portal fetch from this server (refused when NODE_ENV=production). */
export const IMAGE_SERVER_ENV = {
  IMAGE_FETCH_ALLOW_LOOPBACK: 'true',
  IMAGE_FETCH_CA: IMAGE_SERVER_CA_FILE,
};

/**
 * Another site's image server on the loopback, over real https (a certificate for 127.0.0.1 and
 * localhost, valid until 2126): the images and misbehaviours an article may point at.
 *
 * - `/photo.png` (and any `/photo-*.png`): a real 64×48 PNG
 * - `/page.html`: HTML, not an image
 * - `/huge.png`: says it is 6 MB; `/endless.png`: streams without a length past 5 MB
 * - `/missing.png`: 404
 * - `/redirect?to=URL`: 302 to URL
 */
export class ImageServer {
  private readonly server: Server;
  /** Paths asked for, in order (with their query). */
  readonly requests: string[] = [];
  private png: Buffer | undefined;

  constructor() {
    this.server = createServer(
      {
        cert: readFileSync(IMAGE_SERVER_CA_FILE),
        key: readFileSync(path.join(FIXTURES, 'image-server.key.pem')),
      },
      (req, res) => {
        const url = new URL(req.url ?? '/', 'https://127.0.0.1');
        this.requests.push(url.pathname + url.search);
        const sendPng = () => {
          res.writeHead(200, { 'content-type': 'image/png', 'content-length': this.png!.length });
          res.end(this.png);
        };
        if (/^\/photo(?:-[\w-]+)?\.png$/.test(url.pathname)) return sendPng();
        if (url.pathname === '/page.html') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<!doctype html><title>x</title><p>not an image</p>');
        }
        if (url.pathname === '/huge.png') {
          res.writeHead(200, { 'content-type': 'image/png', 'content-length': 6 * 1024 * 1024 });
          return res.end();
        }
        if (url.pathname === '/endless.png') {
          res.writeHead(200, { 'content-type': 'image/png' });
          const chunk = Buffer.alloc(256 * 1024, 1);
          let sent = 0;
          const more = () => {
            while (sent < 6 * 1024 * 1024 && !res.destroyed) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', more);
            }
            res.end();
          };
          return more();
        }
        if (url.pathname === '/redirect') {
          res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
          return res.end();
        }
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      },
    );
  }

  async listen(port = 0): Promise<void> {
    this.png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  /** An https address of this server, by IP literal or by name (`localhost`). */
  url(pathAndQuery: string, host: '127.0.0.1' | 'localhost' = '127.0.0.1'): string {
    return `https://${host}:${(this.server.address() as AddressInfo).port}${pathAndQuery}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
