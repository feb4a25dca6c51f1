/** Where the identity provider hands out tokens: Keycloak's path, which the built-in provider shares. */
export const tokenEndpointOf = (authority: string): string => `${authority}/protocol/openid-connect/token`;

const quoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * A curl command that gets an access token with an API key: the client-credentials grant, the key's client ID
 * and secret (placeholders) in Basic authentication, as any OAuth library sends them.
 */
export function tokenRequestExample(tokenEndpoint: string): string {
  return [
    `curl -X POST ${quoted(tokenEndpoint)}`,
    `  -u "$CLIENT_ID:$CLIENT_SECRET"`,
    `  -d grant_type=client_credentials`,
  ].join(' \\\n');
}

/** A curl command that calls the platform API with the token of the first request. */
export function apiRequestExample(apiUrl: string): string {
  return [
    `curl -X POST ${quoted(apiUrl)}`,
    `  -H "Authorization: Bearer $ACCESS_TOKEN"`,
    `  -H 'Content-Type: application/json'`,
    `  -d '{"query": "{ namespaces { name } }"}'`,
  ].join(' \\\n');
}
