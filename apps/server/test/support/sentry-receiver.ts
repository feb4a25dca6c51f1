import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gunzip, inflate } from 'node:zlib';
import { parseEnvelope, type Event } from '@sentry/core';

// A stand-in of Sentry's ingestion on a random local port: it takes envelopes as the SDKs send them
// (POST /api/{project}/envelope/, gzip or deflate when large) and keeps the error events among their items.

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

export interface SentryReceiver {
  /** A DSN that sends to this receiver (project 1). */
  dsn: string;
  /** Every error event received so far, oldest first. */
  events: Event[];
  /** Every request's path, including the ones that were not envelopes. */
  paths: string[];
  close(): Promise<void>;
}

export async function startSentryReceiver(): Promise<SentryReceiver> {
  const events: Event[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      paths.push(path);
      // Browsers ask first whether they may post from the page's origin.
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', '*');
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      if (request.method !== 'POST' || !/^\/api\/\d+\/envelope\/$/.test(path)) {
        return void response.writeHead(404).end();
      }
      const encoding = request.headers['content-encoding'];
      const decode = encoding ? decoders[encoding] : async (body: Buffer) => body;
      if (!decode) return void response.writeHead(415).end();
      decode(Buffer.concat(chunks))
        .then((body) => {
          const [, items] = parseEnvelope(new Uint8Array(body));
          for (const [header, payload] of items) if (header.type === 'event') events.push(payload as Event);
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        })
        .catch(() => response.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    events,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
