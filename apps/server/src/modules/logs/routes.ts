import type { FastifyInstance } from 'fastify';
import { rowId } from '../../db/ids.ts';
import { DomainError } from '../../errors.ts';
import { requireAccount, type Authenticate } from '../../http/authentication.ts';
import { restErrorBody } from '../../http/errors.ts';
import { apiRateLimit } from '../../http/security.ts';
import type { Environment } from '../../environment.ts';
import type { LogService } from './service.ts';

/**
 * `GET /logs/container/{containerId}/{replicaName}` (API.md): a replica's recent lines as plain text, oldest
 * first, each after its time as `kubectl logs --timestamps` prints them. Bearer-authenticated; another
 * customer's container or an unknown replica is a 404, an id no container can have a 400.
 */
export async function logRoutes(
  app: FastifyInstance,
  deps: { env: Environment; logs: LogService; authenticate: Authenticate },
) {
  app.addHook('preHandler', requireAccount(deps.authenticate));
  app.get<{ Params: { containerId: string; replicaName: string } }>(
    '/logs/container/:containerId/:replicaName',
    { config: { rateLimit: apiRateLimit(deps.env) } },
    async (request, reply) => {
      const account = request.account;
      if (!account) throw new Error('requireAccount let an anonymous request through');
      const { containerId, replicaName } = request.params;
      if (rowId(containerId) === undefined) {
        return reply
          .code(400)
          .send(restErrorBody('BAD_USER_INPUT', `${containerId} is not a container id`, request.id));
      }
      try {
        const lines = await deps.logs.replicaLines(account, containerId, replicaName);
        const text = lines.map((line) => `${line.occurredAt.toISOString()} ${line.line}\n`).join('');
        return await reply.type('text/plain; charset=utf-8').send(text);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'NOT_FOUND')
          return reply.code(404).send(restErrorBody(error.code, error.message, request.id));
        throw error;
      }
    },
  );
}
