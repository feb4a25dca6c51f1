import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  getOperationAST,
  GraphQLError,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { databaseUnavailableReason, RETRY_AFTER_SECONDS } from '../db/availability.ts';
import { DomainError } from '../errors.ts';
import { accountResolvers } from '../modules/accounts/resolvers.ts';
import { sessionResolvers } from '../modules/sessions/resolvers.ts';
import { apiKeyResolvers } from '../modules/api-keys/resolvers.ts';
import { auditResolvers } from '../modules/audit/resolvers.ts';
import { containerJobResolvers } from '../modules/container-jobs/resolvers.ts';
import { billingResolvers } from '../modules/billing/resolvers.ts';
import { containerResolvers } from '../modules/containers/resolvers.ts';
import { DateTime } from './date-time.ts';
import { cloudDatabaseResolvers } from '../modules/legacy-databases/resolvers.ts';
import { databaseClusterResolvers } from '../modules/database-clusters/resolvers.ts';
import { databaseAdvisoryResolvers } from '../modules/database-advisories/resolvers.ts';
import { eventResolvers } from '../modules/events/resolvers.ts';
import { logResolvers } from '../modules/logs/resolvers.ts';
import { metricResolvers } from '../modules/metrics/resolvers.ts';
import { meteringResolvers } from '../modules/metering/resolvers.ts';
import { externalConnectionResolvers } from '../modules/external-connections/resolvers.ts';
import { messageQueueResolvers } from '../modules/message-queues/resolvers.ts';
import { namespaceResolvers } from '../modules/namespaces/resolvers.ts';
import { pricingResolvers } from '../modules/pricing/resolvers.ts';
import { registryResolvers } from '../modules/registries/resolvers.ts';
import { volumeResolvers } from '../modules/volumes/resolvers.ts';
import type { GraphQLContext } from './context.ts';
import { gateMutations } from './gate.ts';
import { useArgumentGuard } from './input-guard.ts';
import { currentRequestId } from '../request-context.ts';
import type { Metrics } from '../telemetry/metrics.ts';

const require = createRequire(import.meta.url);
/** The text of one of the APIs' schemas (packages/schema). */
export const schemaText = (file: string) => readFileSync(require.resolve(`@berth/schema/${file}`), 'utf8');

export const PLATFORM_ENDPOINT = '/graphql/platform';
export const BILLING_ENDPOINT = '/graphql/billing';
export const CONSOLE_LOGS_ENDPOINT = '/graphql/console-logs';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  context: GraphQLContext;
}

/**
 * A GraphQLError of any copy of graphql-js: its ESM and CommonJS builds are two classes, and the executor
 * may load the other one than this file (as Vite-based runners do), so `instanceof` is not enough.
 */
function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError || (error instanceof Error && error.name === 'GraphQLError');
}

/** Domain errors keep their message and code; anything unexpected is masked so no internals leak. */
function maskError(error: unknown, message: string): GraphQLError {
  const original = isGraphQLError(error) ? error.originalError : error;
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, {
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
    });
  }
  if (isGraphQLError(error) && !error.originalError) return error; // validation and syntax errors
  // A variable value the schema refuses (an unknown enum value, say): graphql-js wraps its own error.
  if (isGraphQLError(error) && isGraphQLError(error.originalError)) {
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
    });
  }
  // The database cannot be reached: the whole response becomes a 503 the client may retry.
  if (databaseUnavailableReason(original)) {
    return new GraphQLError('The service is briefly unavailable; try again shortly', {
      extensions: {
        code: 'SERVICE_UNAVAILABLE',
        http: { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
      },
    });
  }
  return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/**
 * The error as the client gets it, naming the request (its X-Request-Id) in its extensions. A copy: the same
 * error may be answered again (Yoga keeps validation results by document). Of the error's own class: Yoga tells
 * its own errors by class when it picks the status, and graphql-js has two (see isGraphQLError). Masking gives
 * the id to every error but validation's.
 */
function withRequestId(error: GraphQLError): GraphQLError {
  const requestId = currentRequestId();
  if (requestId === undefined) return error;
  const OwnClass = error.constructor as typeof GraphQLError;
  return new OwnClass(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, requestId },
  });
}

/** Validation errors are answered without masking: they get the request id here. */
const useRequestIdOfValidationErrors = (): Plugin => ({
  onValidate:
    () =>
    ({ valid, result, setResult }) => {
      if (!valid) setResult(result.map((error) => (isGraphQLError(error) ? withRequestId(error) : error)));
    },
});

type SchemaDefinition = Parameters<typeof createSchema<ServerContext & GraphQLContext>>[0];

export interface ApiOptions {
  logErrors: (error: unknown) => void;
  metrics: Metrics;
  /** Set while tracing is on: a span per operation. */
  tracer?: Tracer;
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

const operationName = (document: DocumentNode, name?: string | null) =>
  getOperationAST(document, name)?.name?.value ?? name ?? undefined;

/** The codes of the errors as the client will see them (masked). */
const errorCodes = (errors: readonly unknown[] = []) =>
  errors.map((error) => String(maskError(error, '').extensions.code ?? 'INTERNAL_SERVER_ERROR'));

/**
 * Each operation's duration and the codes of its errors, as the client will see them (masked), by API and
 * operation name. A subscription counts the time it took to start; a document that does not validate counts
 * its errors under the name it gives.
 */
function useOperationMetrics(metrics: Metrics, api: string): Plugin {
  const timed = (args: ExecutionArgs) => {
    const started = performance.now();
    const operation = getOperationAST(args.document, args.operationName);
    return (result: unknown) =>
      metrics.observeGraphqlOperation(
        api,
        operationName(args.document, args.operationName),
        operation?.operation ?? 'unknown',
        (performance.now() - started) / 1000,
        isAsyncIterable(result) ? [] : errorCodes((result as ExecutionResult).errors),
      );
  };
  return {
    onValidate({ params }) {
      return ({ valid, result }) => {
        // graphql-js's validation errors carry no code yet: Yoga gives them this one as it answers.
        const failed = result.map(() => 'GRAPHQL_VALIDATION_FAILED');
        if (!valid)
          metrics.observeGraphqlOperation(api, operationName(params.documentAST), 'invalid', 0, failed);
      };
    },
    onExecute({ args }) {
      const done = timed(args);
      return { onExecuteDone: ({ result }) => done(result) };
    },
    onSubscribe({ args }) {
      const done = timed(args);
      return { onSubscribeResult: ({ result }) => done(result) };
    },
  };
}

/** Codes of failures of ours, which mark an operation's span failed (a client's mistake does not). */
const FAILURES = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';

/**
 * A span per operation, under the request's, and the parent of its resolvers' SQL statements: named
 * `mutation NamespaceCreate` after the operation's type and name, which it also says. Never the document or
 * its variables: literals and values are customer data (passwords, variable values). It fails when the answer
 * has an error of ours, said by its code (not its message). A subscription's span is the time it takes to start.
 */
function useOperationSpans(tracer: Tracer): Plugin {
  const failed = (span: Span, type: string) => {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute('error.type', type);
  };
  const traced =
    (run: (args: ExecutionArgs) => unknown) =>
    (args: ExecutionArgs): unknown => {
      const type = getOperationAST(args.document, args.operationName)?.operation ?? 'unknown';
      const name = operationName(args.document, args.operationName);
      const attributes = {
        'graphql.operation.type': type,
        ...(name ? { 'graphql.operation.name': name } : {}),
      };
      return tracer.startActiveSpan(name ? `${type} ${name}` : type, { attributes }, (span) => {
        const answered = (result: unknown) => {
          const errors = isAsyncIterable(result) ? [] : (result as ExecutionResult).errors;
          const failure = errorCodes(errors).find((code) => FAILURES.has(code));
          if (failure) failed(span, failure);
          span.end();
          return result;
        };
        const threw = (error: unknown) => {
          failed(span, error instanceof Error ? error.name : 'unknown');
          span.end();
          throw error;
        };
        try {
          const result = run(args);
          return isPromiseLike(result) ? Promise.resolve(result).then(answered, threw) : answered(result);
        } catch (error) {
          return threw(error);
        }
      });
    };
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn(traced(executeFn));
    },
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      setSubscribeFn(traced(subscribeFn));
    },
  };
}

/**
 * One customer API over GraphQL: its schema at its endpoint, with what every API of ours has (the access
 * policy before every mutation, errors masked but domain errors kept, the argument guard, the query limits).
 */
function createApiYoga(
  api: { endpoint: string; typeDefs: string; resolvers: Extract<SchemaDefinition['resolvers'], unknown[]> },
  options: ApiOptions,
) {
  return createYoga<ServerContext, GraphQLContext>({
    schema: gateMutations(
      createSchema<ServerContext & GraphQLContext>({
        typeDefs: api.typeDefs,
        resolvers: [{ DateTime }, ...api.resolvers],
      }),
    ),
    graphqlEndpoint: api.endpoint,
    graphiql: false,
    // CORS is answered for the whole server, for the configured origins only (http/security.ts).
    cors: false,
    landingPage: false,
    logging: false,
    context: ({ context }) => context,
    maskedErrors: {
      maskError: (error, message) => {
        const masked = maskError(error, message);
        if (masked.extensions.code === 'INTERNAL_SERVER_ERROR') options.logErrors(error);
        return withRequestId(masked);
      },
    },
    plugins: [
      useOperationMetrics(options.metrics, api.endpoint),
      ...(options.tracer ? [useOperationSpans(options.tracer)] : []),
      useRequestIdOfValidationErrors(),
      useArgumentGuard(),
      EnvelopArmorPlugin({
        maxDepth: { n: 10 },
        costLimit: { maxCost: 5000 },
        maxAliases: { n: 20 },
        maxDirectives: { n: 20 },
        maxTokens: { n: 2000 },
      }),
    ],
  });
}

/** The platform API (API.md). */
export const createPlatformYoga = (options: ApiOptions) =>
  createApiYoga(
    {
      endpoint: PLATFORM_ENDPOINT,
      typeDefs: schemaText('platform.graphql'),
      resolvers: [
        accountResolvers,
        sessionResolvers,
        apiKeyResolvers,
        namespaceResolvers,
        auditResolvers,
        pricingResolvers,
        containerResolvers,
        containerJobResolvers,
        registryResolvers,
        volumeResolvers,
        meteringResolvers,
        databaseClusterResolvers,
        databaseAdvisoryResolvers,
        cloudDatabaseResolvers,
        messageQueueResolvers,
        externalConnectionResolvers,
        eventResolvers,
        metricResolvers,
      ],
    },
    options,
  );

/** The billing API (ours): the signed-in customer's subscriptions, card and billing details. */
export const createBillingYoga = (options: ApiOptions) =>
  createApiYoga(
    { endpoint: BILLING_ENDPOINT, typeDefs: schemaText('billing.graphql'), resolvers: [billingResolvers] },
    options,
  );

/**
 * The console-logs API (ours): recent lines of replicas and runs, and their live tail, a subscription Yoga
 * serves as GraphQL over server-sent events (`Accept: text/event-stream`).
 */
export const createConsoleLogsYoga = (options: ApiOptions) =>
  createApiYoga(
    {
      endpoint: CONSOLE_LOGS_ENDPOINT,
      typeDefs: schemaText('console-logs.graphql'),
      resolvers: [logResolvers],
    },
    options,
  );
