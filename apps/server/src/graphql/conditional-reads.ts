import { createHash } from 'node:crypto';
import {
  Kind,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';

// Conditional reads of the platform API (issue 30): a query that reads only what a customer's change version
// follows (migration 0033) answers with an ETag of that version and the request; asked again with
// If-None-Match, it answers 304 without a statement of its own or a resolver run. The version comes with the
// account, read when the request was authenticated, before the query runs: an answer is never older than the
// version in its tag. Which queries qualify is decided once per query text, from the fields it selects.

/** The queries of what a customer's namespaces hold, whose answers the change version follows. */
const VERSIONED_ROOTS = new Set([
  'namespaces',
  'namespace',
  'container',
  'containerJob',
  'privateRegistries',
  'volume',
  'volumes',
  'cloudDatabaseClusters',
  'cloudDatabaseCluster',
  'messageQueues',
  'messageQueue',
  'cloudDatabases',
  'cloudDatabase',
]);

/**
 * Fields below them that the version does not follow: events and metrics (their own tables, written without
 * advancing it) and what those lead to.
 */
const UNVERSIONED_FIELDS = new Set(['events', 'metrics']);

/** How many query texts' verdicts are kept (clients send a handful of documents, a fuzzer endless ones). */
const VERDICTS_KEPT = 1000;

/** Whether every field of the document's one operation, a query, is one the change version follows. */
export function followsChangeVersion(schema: GraphQLSchema, document: DocumentNode): boolean {
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length !== 1 || operations[0]?.operation !== 'query') return false;
  const queryType = schema.getQueryType();
  const typeInfo = new TypeInfo(schema);
  let follows = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(field) {
        const parent = typeInfo.getParentType();
        const name = field.name.value;
        if (name === '__typename') return;
        const known = typeInfo.getFieldDef() !== null && parent !== null;
        const outside =
          parent === queryType
            ? !VERSIONED_ROOTS.has(name)
            : UNVERSIONED_FIELDS.has(name) || name.startsWith('__');
        if (!known || outside) follows = false;
      },
    }),
  );
  return follows;
}

export interface ConditionalRequest {
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export function createConditionalReads(deps: {
  schema: GraphQLSchema;
  /** What else an answer depends on for everyone: the code serving it (its prices, its resolvers). */
  release: string;
}) {
  const verdicts = new Map<string, boolean>();

  function qualifies(query: string): boolean {
    let verdict = verdicts.get(query);
    if (verdict === undefined) {
      try {
        verdict = followsChangeVersion(deps.schema, parse(query));
      } catch {
        verdict = false; // GraphQL answers the syntax error itself
      }
      if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
      verdicts.set(query, verdict);
    }
    return verdict;
  }

  return {
    /**
     * The ETag of the answer to `request` by `account`, or undefined when the request is no conditional read.
     * Weak: equal answers are equal as JSON, not necessarily byte for byte.
     */
    etagOf(
      account: { id: number; apiKey?: { id: number }; customer: { changeVersion: number } },
      request: ConditionalRequest,
    ): string | undefined {
      if (typeof request.query !== 'string' || !qualifies(request.query)) return undefined;
      const version = account.customer.changeVersion;
      const digest = createHash('sha256')
        .update(
          JSON.stringify([
            deps.release,
            // Who asks: an account sees what its role and, through an API key, the key's scope let it.
            account.id,
            account.apiKey?.id ?? null,
            request.query,
            request.variables ?? null,
            request.operationName ?? null,
          ]),
        )
        .digest('base64url')
        .slice(0, 22);
      return `W/"${version}-${digest}"`;
    },
  };
}

export type ConditionalReads = ReturnType<typeof createConditionalReads>;

/** Whether an If-None-Match header (one tag, a list, or `*`) names the answer's tag, compared weakly. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
