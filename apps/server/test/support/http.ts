// Plain HTTP clients of the platform: the token endpoint and the GraphQL API, as other programs call them.

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

/** One request to the platform API; token undefined sends none. */
export async function gql<T = Record<string, unknown>>(
  url: string,
  token: string | undefined,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<JsonResponse<GraphQLBody<T>>> {
  const response = await fetch(`${url}/graphql/platform`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return json<GraphQLBody<T>>(response);
}

/** The data of a request that must succeed; fails the test with the errors otherwise. */
export async function gqlData<T = Record<string, unknown>>(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const { status, body } = await gql<T>(url, token, query, variables);
  if (status !== 200 || body.errors || !body.data) {
    throw new Error(`GraphQL request failed: HTTP ${status} ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

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
