import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { databaseUnavailableReason } from '../db/availability.ts';
import type { Database } from '../db/client.ts';

/**
 * A graceful stop as load balancers need it. From `stop()` on:
 *  - /healthz answers 503, so load balancers take the process out of rotation, while it still serves what
 *    they send until they notice (SHUTDOWN_DRAIN_MS);
 *  - every answer, those in progress included, closes its connection (`Connection: close`). A connection
 *    left idle could be closed by the server just as a client reuses it: that request is lost, and a load
 *    balancer cannot safely send a POST again. Node also keeps an answered connection open until its
 *    keep-alive timeout, which the server's close would wait for.
 */
export function createDraining(server: Server) {
  let stopping = false;
  const inProgress = new Set<ServerResponse>();

  function closeAfter(response: ServerResponse) {
    if (!response.headersSent) response.setHeader('connection', 'close');
    // Its head went out before the stop (a stream): the connection ends with the answer instead.
    else response.once('finish', () => response.socket?.end());
  }

  server.on('request', (_request, response: ServerResponse) => {
    if (stopping) {
      closeAfter(response);
      return;
    }
    inProgress.add(response);
    response.once('close', () => inProgress.delete(response));
  });

  return {
    get stopping() {
      return stopping;
    },
    stop() {
      if (stopping) return;
      stopping = true;
      for (const response of inProgress) closeAfter(response);
      inProgress.clear();
    },
  };
}

export type Draining = ReturnType<typeof createDraining>;

/**
 * `/healthz` for load balancers and operators: 200 when the database answers, else 503 saying why; 503 too
 * once the process is stopping.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { database, draining }: { database: Database; draining: Pick<Draining, 'stopping'> },
) {
  app.get('/healthz', async (_request, reply) => {
    if (draining.stopping) return reply.code(503).send({ status: 'stopping' });
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      const reason = databaseUnavailableReason(error) ?? (error as Error).message;
      return reply.code(503).send({ status: 'unavailable', reason: `database does not answer: ${reason}` });
    }
  });
}
