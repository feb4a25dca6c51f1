import type { FastifyInstance } from 'fastify';
import { databaseUnavailableReason } from '../db/availability.ts';
import type { Database } from '../db/client.ts';

/** `/healthz` for load balancers and operators: 200 when the database answers, else 503 saying why. */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/healthz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      const reason = databaseUnavailableReason(error) ?? (error as Error).message;
      return reply.code(503).send({ status: 'unavailable', reason: `database does not answer: ${reason}` });
    }
  });
}
