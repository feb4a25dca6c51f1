import { trace } from '@opentelemetry/api';
import { stdSerializers, type LoggerOptions } from 'pino';
import { currentRequestId } from './request-context.ts';

// What the server logs. Drizzle puts the parameter values of a failed SQL statement into its error's
// message (`Failed query: …\nparams: …`), and the database may quote one in its own message (`invalid
// input syntax for type integer: "…"`); those values can be secrets (passwords, variable values), so an
// error is logged with the statement and what the database said, never with the values.

/** A failed statement as drizzle reports it (checked by shape: the ESM and CommonJS builds are two classes). */
interface FailedQuery extends Error {
  query: string;
  params: unknown[];
}

const isFailedQuery = (error: Error): error is FailedQuery =>
  typeof (error as Partial<FailedQuery>).query === 'string' &&
  Array.isArray((error as Partial<FailedQuery>).params);

/** The failed statement behind an error: itself, GraphQL's originalError or a cause. */
function failedQueryIn(error: unknown): FailedQuery | undefined {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 10; depth += 1) {
    if (isFailedQuery(current)) return current;
    current = (current as { originalError?: unknown }).originalError ?? current.cause;
  }
  return undefined;
}

/**
 * Values this short are left in the database's message: they are ids, flags and small numbers, no
 * secret, and replacing every "1" would garble the message.
 */
const SHORTEST_REDACTED = 3;

/** Pairs of text that may appear in the serialized error and what replaces it. */
function redactions(failed: FailedQuery): [string, string][] {
  const pairs: [string, string][] = [[failed.message, `Failed query: ${failed.query}`]];
  if (failed.cause instanceof Error) {
    const values = failed.params.map(String).filter((value) => value.length >= SHORTEST_REDACTED);
    const said = values.reduce(
      (message, value) => message.replaceAll(value, () => '[redacted]'),
      failed.cause.message,
    );
    pairs.push([failed.cause.message, said]);
  }
  return pairs;
}

const redact = (text: string, pairs: [string, string][]) =>
  pairs.reduce((result, [secret, safe]) => result.replaceAll(secret, () => safe), text);

/** pino's error serializer, without the parameter values of a failed statement anywhere in the error. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = stdSerializers.err(error);
  const failed = failedQueryIn(error);
  if (!failed) return serialized;
  const pairs = redactions(failed);
  serialized.message = redact(serialized.message, pairs);
  serialized.stack = redact(serialized.stack, pairs);
  delete serialized.params;
  // A wrapper (GraphQL's located error) says what the statement was but not why it failed: add that.
  if (error !== failed) serialized.failedQuery = serializeError(failed);
  return serialized;
}

/** A text about the error (an error report's message) without the parameter values of a failed statement in it. */
export function redactQueryValues(error: unknown, text: string): string {
  const failed = failedQueryIn(error);
  return failed ? redact(text, redactions(failed)) : text;
}

/**
 * The options of the server's logger (Fastify's pino). A line written while a request is handled names it:
 * `request.log` binds its `reqId` (Fastify), and the mixin gives the shared logger's lines (services, GraphQL)
 * the same field; with tracing on, lines written inside a span also name its trace and span.
 */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  redact: ['req.headers.authorization', 'req.headers.cookie'],
  serializers: { err: serializeError },
  mixin(_object, _level, logger) {
    const requestId = currentRequestId();
    const span = trace.getActiveSpan()?.spanContext();
    return {
      ...(requestId !== undefined && !('reqId' in logger.bindings()) ? { reqId: requestId } : {}),
      ...(span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {}),
    };
  },
});
