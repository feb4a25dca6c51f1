import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { runAdminCommand } from './commands.ts';

/** Where a running server tells the command line how to reach it (PGlite admits one process). */
export const serverFile = (dataDir: string) => path.join(dataDir, 'server.json');

/**
 * With PGlite the admin command goes through the running server: a loopback-only endpoint, guarded by a
 * token written next to the data (readable by the operator only).
 */
export function adminEndpoint(app: FastifyInstance, services: Services) {
  const token = randomBytes(32).toString('base64url');

  app.post<{ Body: { argv?: unknown } }>('/admin/commands', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '');
    const expected = Buffer.from(token);
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
    if (!loopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(403).send({ error: 'forbidden' });
    }
    const argv = request.body.argv;
    if (!Array.isArray(argv) || !argv.every((item) => typeof item === 'string')) {
      return reply.code(400).send({ error: 'argv must be a list of strings' });
    }
    return runAdminCommand(argv, services);
  });

  return {
    async publish(dataDir: string, port: number) {
      await writeFile(serverFile(dataDir), JSON.stringify({ url: `http://127.0.0.1:${port}`, token }), {
        mode: 0o600,
      });
    },
    async withdraw(dataDir: string) {
      await rm(serverFile(dataDir), { force: true });
    },
  };
}
