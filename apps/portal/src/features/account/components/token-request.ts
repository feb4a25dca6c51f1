/** Where the identity provider hands out tokens: Keycloak's path, which the built-in provider shares. */
export const tokenEndpointOf = (authority: string): string => `${authority}/protocol/openid-connect/token`;

/**
 * A curl command that gets an access token with the password grant, as a command-line or infrastructure tool
 * signs in: the customer's email, a placeholder for the password, and the `totp` field the providers take the
 * current two-factor code in.
 */
export function tokenRequestExample(input: {
  tokenEndpoint: string;
  clientId: string;
  email: string;
}): string {
  const quoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  return [
    `curl -X POST ${quoted(input.tokenEndpoint)}`,
    `  -d grant_type=password`,
    `  --data-urlencode ${quoted(`client_id=${input.clientId}`)}`,
    `  --data-urlencode ${quoted(`username=${input.email}`)}`,
    `  --data-urlencode 'password=YOUR_PASSWORD'`,
    `  -d totp=CODE_FROM_YOUR_APP`,
  ].join(' \\\n');
}
