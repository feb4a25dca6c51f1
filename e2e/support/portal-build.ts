import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startBerthServer } from './berth-server.ts';

// A portal built with other build-time settings (VITE_*) than the one the server ships, in front of a server
// of its own: a small front server hands out that build's files and passes everything else (the APIs, the
// identity provider) to the real server, as the server itself does with the default build.

const root = fileURLToPath(new URL('../..', import.meta.url));
const portalDir = path.join(root, 'apps/portal');
const run = promisify(execFile);

/** The server's own paths (apps/server/src/http/portal.ts); every other path is the portal's. */
const serverPrefixes = ['/graphql', '/realms', '/billing', '/logs', '/api', '/admin', '/healthz'];

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface CustomPortal {
  port: number;
  /** The server's data folder, for `adminIn`. */
  dataDir: string;
  stop(): Promise<void>;
}

/** A free TCP port on this machine. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Builds the portal with `settings` into a new temporary folder (one build at a time on this machine). */
async function buildPortal(settings: Record<string, string>): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'berth-portal-'));
  const vite = path.join(
    path.dirname(createRequire(path.join(portalDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  await run(
    'flock',
    [
      '/tmp/berth-build.lock',
      process.execPath,
      vite,
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: portalDir, env: { ...process.env, ...settings } },
  );
  return outDir;
}

function serveFile(distDir: string, pathname: string, response: ServerResponse): void {
  const file = path.join(distDir, path.normalize(decodeURIComponent(pathname)));
  const found = file.startsWith(distDir) && existsSync(file) && statSync(file).isFile();
  const served = found ? file : path.join(distDir, 'index.html');
  void readFile(served).then((content) => {
    response.setHeader('content-type', contentTypes[path.extname(served)] ?? 'application/octet-stream');
    response.end(content);
  });
}

function pass(request: IncomingMessage, response: ServerResponse, serverPort: number): void {
  const upstream = forward(
    {
      host: '127.0.0.1',
      port: serverPort,
      method: request.method,
      path: request.url,
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => response.writeHead(502).end());
  request.pipe(upstream);
}

/**
 * Builds the portal with `settings`, starts a server of its own on fresh data with the public address
 * `http://<publicHost>:<port>`, and serves that build in front of it on `port` (any host name that reaches
 * this machine: localhost, 127.0.0.1, or a name the browser maps here).
 */
export async function startCustomPortal({
  settings,
  publicHost,
  serverEnv = {},
}: {
  settings: Record<string, string>;
  publicHost: string;
  serverEnv?: Record<string, string>;
}): Promise<CustomPortal> {
  const distDir = await buildPortal(settings);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'berth-e2e-custom-'));
  const [port, serverPort] = [await freePort(), await freePort()];
  const front = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://portal');
    if (serverPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      pass(request, response, serverPort);
    } else {
      serveFile(distDir, pathname, response);
    }
  });
  const server = await startBerthServer({
    port: serverPort,
    dataDir,
    env: { PUBLIC_URL: `http://${publicHost}:${port}`, ...serverEnv },
  });
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  return {
    port,
    dataDir,
    async stop() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await server.stop();
      await Promise.all([distDir, dataDir].map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
