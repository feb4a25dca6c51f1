import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { runAdminCommand } from './commands.ts';

/** Where a running server tells the command line how to reach it (PGlite admits one process). */
export const serverFile = (dataDir: string) => path.join(dataDir, 'server.json');

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * With PGlite the admin command goes through the running server: a loopback-only endpoint, guarded by a
 * token written next to the data (readable by the operator only).
 */
export function adminEndpoint(app: FastifyInstance, services: Services) {
  const token = randomBytes(32).toString('base64url');

  app.post<{ Body: { argv: string[] } }>(
    '/admin/commands',
    {
      // Checked before the body is read: others learn nothing, not even what the body should be.
      onRequest: async (request, reply) => {
        const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '');
        const expected = Buffer.from(token);
        // The socket's address, not a forwarded one: only a process on this machine may call.
        const loopback = LOOPBACK.includes(request.socket.remoteAddress ?? '');
        if (!loopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return reply.code(403).send({ error: 'forbidden' });
        }
      },
      // The body as sent, before validation would coerce `5` to "5": a command line is strings only.
      preValidation: async (request, reply) => {
        const { argv } = (request.body ?? {}) as { argv?: unknown };
        if (Array.isArray(argv) && !argv.every((item) => typeof item === 'string')) {
          return reply
            .code(400)
            .send({ error: 'BAD_REQUEST', message: 'body/argv must be an array of strings' });
        }
      },
      schema: {
        body: {
          type: 'object',
          required: ['argv'],
          properties: { argv: { type: 'array', items: { type: 'string' } } },
        },
      },
    },
    async (request) => runAdminCommand(request.body.argv, services),
  );

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
