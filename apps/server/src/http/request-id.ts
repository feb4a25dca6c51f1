import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requestContext } from '../request-context.ts';

// Every request has an id: in its log lines, in the body of an error answer and in the X-Request-Id header
// of every answer, so a customer quoting it leads to the request's lines (and its trace).

const HEADER = 'x-request-id';
/** An id of the caller's (a proxy's, a client's) is kept when it is a sane token: it goes into logs. */
const ADOPTABLE = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the caller's X-Request-Id when sane, else a fresh one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[HEADER];
  return typeof given === 'string' && ADOPTABLE.test(given) ? given : randomUUID();
}

const enter = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) =>
  requestContext.run({ requestId: request.id }, done);

/** Sends the id back and makes it the request context of the request's work; register before any route. */
export function requestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw answer: hijacked answers (the identity provider's, live tails) carry it too.
    reply.raw.setHeader(HEADER, request.id);
    enter(request, reply, done);
  });
  // A body is read in the socket's events, outside the context entered above: enter it again after.
  app.addHook('preValidation', enter);
}
