// Plain HTTP clients of the platform: the token endpoint and the GraphQL API, as other programs call them.

import type { TypedDocumentString as BillingDocument } from '../generated/billing/graphql.ts';
import type { TypedDocumentString as ConsoleLogsDocument } from '../generated/console-logs/graphql.ts';
import type { TypedDocumentString as PlatformDocument } from '../generated/graphql.ts';

export const REALM_PATH = '/realms/berth';
export const OIDC_PATH = `${REALM_PATH}/protocol/openid-connect`;

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
  token_type: string;
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

async function json<T>(response: Response): Promise<JsonResponse<T>> {
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** POSTs a form to the token endpoint; `bearer` adds an Authorization header (UMA grant). */
export async function tokenRequest<T = Record<string, unknown>>(
  url: string,
  form: Record<string, string>,
  bearer?: string,
): Promise<JsonResponse<T>> {
  const response = await fetch(`${url}${OIDC_PATH}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: new URLSearchParams(form),
  });
  return json<T>(response);
}

export const passwordGrant = (url: string, username: string, password: string) =>
  tokenRequest<TokenResponse & { error?: string; error_description?: string }>(url, {
    grant_type: 'password',
    client_id: 'berth-cli',
    username,
    password,
  });

export const refreshGrant = (url: string, refreshToken: string, clientId = 'berth-cli') =>
  tokenRequest<TokenResponse & { error?: string }>(url, {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: refreshToken,
  });

/** The UMA permissions grant as Keycloak clients send it (response_mode=permissions). */
export const umaPermissions = (url: string, accessToken: string | undefined) =>
  tokenRequest<unknown>(
    url,
    {
      grant_type: 'urn:ietf:params:oauth:grant-type:uma-ticket',
      audience: 'berth-platform',
      response_mode: 'permissions',
    },
    accessToken,
  );

/** Tokens of the command-line client for this account; fails the test when the grant fails. */
export async function tokenFor(url: string, email: string, password: string): Promise<TokenResponse> {
  const response = await passwordGrant(url, email, password);
  if (response.status !== 200) {
    throw new Error(
      `password grant for ${email} failed: HTTP ${response.status} ${JSON.stringify(response.body)}`,
    );
  }
  return response.body;
}

export interface GraphQLError {
  message: string;
  extensions?: { code?: string; field?: string };
}
export interface GraphQLBody<T> {
  data?: T | null;
  errors?: GraphQLError[];
}

/**
 * The variables of a typed document: required when it has required variables, optional otherwise. With the
 * result type given by the caller (`data<T>(document, ...)`, which leaves TVariables `never`), any object.
 */
/**
 * A document of a generated `graphql()`, of any of the APIs (test/generated, test/generated/billing,
 * test/generated/console-logs): its text, typed with its result and variables. Each generation has its own
 * class (a private member makes them differ to TypeScript), hence the union.
 */
export type TypedDocumentString<TResult, TVariables> =
  | PlatformDocument<TResult, TVariables>
  | BillingDocument<TResult, TVariables>
  | ConsoleLogsDocument<TResult, TVariables>;

export type VariablesArgument<TVariables> = [TVariables] extends [never]
  ? [variables?: Record<string, unknown>]
  : Record<string, never> extends TVariables
    ? [variables?: TVariables]
    : [variables: TVariables];

type Answer<Kind extends 'response' | 'data', TResult> = Kind extends 'data'
  ? TResult
  : JsonResponse<GraphQLBody<TResult>>;

/**
 * A request to the platform API: a typed document (`graphql(...)` of test/generated), whose result and
 * variables come from the schema; or query text for what no document can be (malformed or hostile
 * queries), with the result type the caller gives.
 */
export interface GraphQLRequest<Kind extends 'response' | 'data'> {
  <TResult, TVariables = never>(
    document: TypedDocumentString<TResult, TVariables>,
    ...variables: VariablesArgument<TVariables>
  ): Promise<Answer<Kind, TResult>>;
  <TResult = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<Answer<Kind, TResult>>;
}

/** The platform API as one caller sees it. */
export interface PlatformApi {
  /** The whole response (status, headers, body), whatever it is. */
  gql: GraphQLRequest<'response'>;
  /** The data of a request that must succeed; fails the test with the errors otherwise. */
  data: GraphQLRequest<'data'>;
}

async function send(
  endpoint: string,
  token: string | undefined,
  query: string | TypedDocumentString<unknown, never>,
  variables: Record<string, unknown> = {},
): Promise<JsonResponse<GraphQLBody<unknown>>> {
  // graphql() of test/generated answers {} for a document it does not know: codegen has not run since.
  if (typeof query !== 'string' && !(query instanceof String)) {
    throw new Error('a GraphQL document missing from test/generated: run `npm run codegen`');
  }
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: query.toString(), variables }),
  });
  return json<GraphQLBody<unknown>>(response);
}

type TokenSource = string | undefined | (() => Promise<string | undefined>);

/** A GraphQL API at this endpoint, each request with the token `token` gives (undefined: none). */
function graphqlApi(endpoint: string, token: TokenSource): PlatformApi {
  const tokenNow = typeof token === 'function' ? token : async () => token;
  const gql = async (
    query: string | TypedDocumentString<unknown, never>,
    variables?: Record<string, unknown>,
  ) => send(endpoint, await tokenNow(), query, variables);
  const data = async (
    query: string | TypedDocumentString<unknown, never>,
    variables?: Record<string, unknown>,
  ) => {
    const { status, body } = await gql(query, variables);
    if (status !== 200 || body.errors || !body.data) {
      throw new Error(`GraphQL request failed: HTTP ${status} ${JSON.stringify(body.errors)}`);
    }
    return body.data;
  };
  // One implementation behind both signatures of GraphQLRequest, which TypeScript cannot check against it.
  return { gql: gql as GraphQLRequest<'response'>, data: data as GraphQLRequest<'data'> };
}

/** The platform API of the server at url. */
export const platformApi = (url: string, token: TokenSource) => graphqlApi(`${url}/graphql/platform`, token);

/** The billing API (ours) of the server at url: documents are `graphql(...)` of test/generated/billing. */
export const billingApi = (url: string, token: TokenSource) => graphqlApi(`${url}/graphql/billing`, token);

/** The console-logs API (ours) of the server at url: documents are `graphql(...)` of test/generated/console-logs. */
export const consoleLogsApi = (url: string, token: TokenSource) =>
  graphqlApi(`${url}/graphql/console-logs`, token);

/** The data of a query (text) sent with this token that must succeed. */
export const gqlData = <T = Record<string, unknown>>(
  url: string,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
) => platformApi(url, token).data<T>(query, variables);

/** The single error of a request that must fail with this code; fails the test otherwise. */
export function expectGraphQLError(response: JsonResponse<GraphQLBody<unknown>>, code: string): GraphQLError {
  const errors = response.body.errors ?? [];
  const error = errors[0];
  if (errors.length !== 1 || !error)
    throw new Error(`expected one ${code} error, got ${JSON.stringify(response.body)}`);
  if (error.extensions?.code !== code) throw new Error(`expected ${code}, got ${JSON.stringify(error)}`);
  return error;
}

/** Decodes a JWT's payload (no verification: the server verified it). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Polls until check returns a value (not undefined), or fails after the deadline. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Polls read until it answers a resource in this state, unlocked, for which check holds; returns it. */
export function waitForState<T extends { state: string; locked: boolean }>(
  what: string,
  state: string,
  read: () => Promise<T | null | undefined>,
  {
    check = () => true,
    ...timing
  }: { check?: (resource: T) => boolean; timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  return eventually(
    `${what} to be ${state}`,
    async () => {
      const resource = await read();
      return resource?.state === state && !resource.locked && check(resource) ? resource : undefined;
    },
    timing,
  );
}
