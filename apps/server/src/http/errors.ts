import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailableReason, RETRY_AFTER_SECONDS } from '../db/availability.ts';
import { reportError } from '../telemetry/error-reporting.ts';

/**
 * How an area answers an error: `{error, message, requestId}` for REST, `{errors: [...]}` with the id in each
 * error's extensions for GraphQL. The id is the request's (its X-Request-Id), which leads to its log lines.
 */
export type ErrorBody = (code: string, message: string, requestId: string) => object;

export const restErrorBody: ErrorBody = (code, message, requestId) => ({ error: code, message, requestId });
export const graphqlErrorBody: ErrorBody = (code, message, requestId) => ({
  errors: [{ message, extensions: { code, requestId } }],
});

/**
 * The error handler of an area: client errors keep their status and message; a database that cannot be
 * reached is a 503 with Retry-After; anything else is a masked 500 (logged and reported, no internals sent).
 */
export function createErrorHandler(body: ErrorBody) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The client went away mid-response (navigation, closed tab): nothing failed on our side.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.debug({ err: error }, 'client closed the connection');
      return reply;
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send(body(error.code ?? 'BAD_REQUEST', error.message, request.id));
    }
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      request.log.warn({ reason: unavailable }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send(
          body('SERVICE_UNAVAILABLE', 'The service is briefly unavailable; try again shortly', request.id),
        );
    }
    request.log.error({ err: error }, 'request failed');
    reportError(error);
    return reply
      .code(500)
      .send(body('INTERNAL_SERVER_ERROR', 'Something went wrong on our side', request.id));
  };
}
