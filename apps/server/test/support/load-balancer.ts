import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

// A small HTTP load balancer in front of several Berth processes, behaving as the real ones in front of
// replicas do (nginx, HAProxy, a Kubernetes Service with readiness probes), so that what customers would
// see of a replica stopping shows up in a test:
//  - round robin over the backends in rotation;
//  - active health checks: GET /healthz of each backend every `intervalMs`, on a connection of its own; a
//    backend answering anything but 200, or nothing within `timeoutMs`, is taken out of rotation at once,
//    and put back at its next 200;
//  - a request whose connection to a backend could not be established (refused: the process is gone) goes to
//    the next backend, and that backend is taken out: nothing reached it, so nothing can have been applied.
//    This is nginx's `proxy_next_upstream error`; the request body is buffered for it, as nginx does;
//  - a request that reached a backend is never sent again, whatever happens next: it may have been applied,
//    and a mutation is not idempotent (nginx too sends a POST once unless told `non_idempotent`). A connection
//    lost after sending is answered 502; a backend's own answer, a 503 included, is passed on as it is;
//  - connections to the backends are kept alive and reused, as production load balancers keep them.
// So a server that keeps saying it is healthy while it stops, refuses requests or cuts them off fails
// requests here as it would fail them for customers.

export interface Backend {
  host: string;
  port: number;
}

export interface Transition {
  /** Date.now() when the balancer noticed. */
  at: number;
  backend: number;
  up: boolean;
  reason: string;
}

export interface BalancerStats {
  /** Requests answered by each backend, by index. */
  answered: number[];
  /** Requests sent to another backend because their connection could not be established. */
  retried: number;
  /** Requests answered 503 because no backend was in rotation. */
  noBackend: number;
  /** Requests answered 502 because the connection to their backend was lost after they were sent. */
  lost: number;
}

export interface LoadBalancer {
  url: string;
  port: number;
  /** Whether the backend of this index is in rotation now. */
  isUp(backend: number): boolean;
  stats(): BalancerStats;
  /** When backends were taken out of and put back into rotation, in order. */
  transitions(): Transition[];
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  );
}

export async function startLoadBalancer(
  backends: Backend[],
  { port = 0, healthPath = '/healthz', intervalMs = 200, timeoutMs = 1000 } = {},
): Promise<LoadBalancer> {
  // Out of rotation until the first health check passes.
  const up = backends.map(() => false);
  const log: Transition[] = [];
  const stats: BalancerStats = { answered: backends.map(() => 0), retried: 0, noBackend: 0, lost: 0 };
  // Idle connections are let go before the server's keep-alive timeout (Fastify's 72 s) would close them under
  // a request, as load balancers are set up (nginx's upstream keepalive_timeout is 60 s).
  const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
  let next = 0;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();

  function mark(backend: number, isUp: boolean, reason: string) {
    if (up[backend] === isUp) return;
    up[backend] = isUp;
    log.push({ at: Date.now(), backend, up: isUp, reason });
  }

  function check(backend: number): Promise<void> {
    const { host, port: backendPort } = backends[backend] as Backend;
    return new Promise((resolve) => {
      const probe = http.get({ host, port: backendPort, path: healthPath, agent: false, timeout: timeoutMs });
      probe.on('response', (response) => {
        response.resume();
        mark(backend, response.statusCode === 200, `health check answered ${response.statusCode}`);
        resolve();
      });
      probe.on('timeout', () => probe.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      probe.on('error', (error: NodeJS.ErrnoException) => {
        mark(backend, false, `health check failed: ${error.code ?? error.message}`);
        resolve();
      });
    });
  }

  function watch(backend: number) {
    if (closed) return;
    void check(backend).then(() => {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        watch(backend);
      }, intervalMs);
      timers.add(timer);
    });
  }

  /** The next backend in rotation (round robin) that this request has not tried yet. */
  function pick(tried: Set<number>): number | undefined {
    for (let offset = 0; offset < backends.length; offset++) {
      const candidate = (next + offset) % backends.length;
      if (up[candidate] && !tried.has(candidate)) {
        next = candidate + 1;
        return candidate;
      }
    }
    return undefined;
  }

  function answer(response: ServerResponse, status: number, error: string) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error }));
  }

  function forward(request: IncomingMessage, response: ServerResponse, body: Buffer, tried: Set<number>) {
    const backend = pick(tried);
    if (backend === undefined) {
      stats.noBackend++;
      answer(response, 503, 'no backend in rotation');
      return;
    }
    const { host, port: backendPort } = backends[backend] as Backend;
    const client = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    const upstream = http.request({
      host,
      port: backendPort,
      method: request.method,
      path: request.url,
      agent,
      headers: {
        ...endToEnd(request.headers),
        'content-length': String(body.length),
        'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${client}` : client,
        'x-forwarded-proto': 'http',
        'x-forwarded-host': request.headers.host ?? '',
      },
    });
    // Whether the connection was there: a reused one is; a new one once it connects.
    let connected = false;
    upstream.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    // Once the request may have reached the backend it is not sent again: a lost connection fails it.
    let lost = false;
    const lose = (reason: string) => {
      if (lost) return;
      lost = true;
      stats.lost++;
      if (response.headersSent) response.destroy();
      else answer(response, 502, `connection to the backend lost: ${reason}`);
    };
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) {
        lose(error.code ?? error.message);
        return;
      }
      mark(backend, false, `connection failed: ${error.code ?? error.message}`);
      stats.retried++;
      forward(request, response, body, new Set([...tried, backend]));
    });
    upstream.on('response', (reply) => {
      stats.answered[backend] = (stats.answered[backend] ?? 0) + 1;
      response.writeHead(reply.statusCode ?? 502, endToEnd(reply.headers));
      reply.pipe(response);
      reply.on('close', () => {
        if (!reply.complete) lose('the answer was cut off');
      });
    });
    // The client went away (a live tail closed): so does the request to the backend.
    response.on('close', () => {
      if (response.writableFinished) return;
      lost = true;
      upstream.destroy();
    });
    upstream.end(body);
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, response, Buffer.concat(chunks), new Set()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  backends.forEach((_, backend) => watch(backend));

  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    isUp: (backend) => up[backend] ?? false,
    stats: () => ({ ...stats, answered: [...stats.answered] }),
    transitions: () => [...log],
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
