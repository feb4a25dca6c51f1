import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

// A stand-in for PostHog's capture API: answers what posthog-js asks for (its remote config, with session
// recording on) and keeps every payload it is sent, decompressed, for the test to search.

export interface CapturedRequest {
  path: string;
  /** The page that sent it (the browser's Origin header). */
  origin: string | undefined;
  /** The payload, fully decoded: gzip and base64 bodies unpacked, and the gzip-compressed parts of recordings too. */
  text: string;
  events: CapturedEvent[];
}

export interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
}

export interface CaptureReceiver {
  url: string;
  requests: CapturedRequest[];
  events(): CapturedEvent[];
  stop(): Promise<void>;
}

const remoteConfig = {
  // Recording is a project setting PostHog hands out with the config; the endpoint is where snapshots go.
  sessionRecording: { endpoint: '/s/' },
  supportedCompression: ['gzip-js', 'base64'],
  hasFeatureFlags: false,
  surveys: false,
  heatmaps: false,
  autocaptureExceptions: false,
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The body as text, undoing posthog-js's transport encodings: gzip, base64 (`?compression=base64`), form `data=`. */
function bodyText(body: Buffer, compression: string | null): string {
  if (body[0] === 0x1f && body[1] === 0x8b) return gunzipSync(body).toString('utf8');
  let text = body.toString('utf8');
  if (text.startsWith('data=')) text = decodeURIComponent(text.slice('data='.length).replace(/\+/g, ' '));
  return compression === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
}

/** Recordings carry their larger parts gzip-compressed as binary strings (posthog-js `cv: 2024-10`): unpack them. */
function unpack(value: unknown): unknown {
  if (typeof value === 'string' && value.startsWith('\x1f\x8b')) {
    return unpack(JSON.parse(gunzipSync(Buffer.from(value, 'latin1')).toString('utf8')));
  }
  if (Array.isArray(value)) return value.map(unpack);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unpack(item)]));
  }
  return value;
}

function eventsOf(payload: unknown): CapturedEvent[] {
  const batch =
    typeof payload === 'object' && payload !== null && 'batch' in payload ? payload.batch : payload;
  const list: unknown[] = Array.isArray(batch) ? batch : [batch];
  return list.filter(
    (item): item is CapturedEvent =>
      typeof item === 'object' && item !== null && 'event' in item && typeof item.event === 'string',
  );
}

export async function startCaptureReceiver(): Promise<CaptureReceiver> {
  const requests: CapturedRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    // The portal is on another origin: answer CORS as PostHog does, credentials included.
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-credentials', 'true');
    response.setHeader(
      'access-control-allow-headers',
      request.headers['access-control-request-headers'] ?? '*',
    );
    response.setHeader('access-control-allow-methods', 'GET, POST');
    response.setHeader('content-type', 'application/json');
    if (request.method === 'OPTIONS') return void response.end();
    if (request.method === 'GET' && /^\/array\/[^/]+\/config$/.test(url.pathname)) {
      return void response.end(JSON.stringify(remoteConfig));
    }
    void readBody(request).then((body) => {
      const text = body.length ? bodyText(body, url.searchParams.get('compression')) : '';
      const payload = text ? unpack(JSON.parse(text)) : undefined;
      requests.push({
        path: url.pathname,
        origin: request.headers.origin,
        text: payload === undefined ? '' : JSON.stringify(payload),
        events: eventsOf(payload),
      });
      response.end(url.pathname.startsWith('/flags') ? JSON.stringify({ flags: {} }) : '{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    events: () => requests.flatMap((request) => request.events),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
