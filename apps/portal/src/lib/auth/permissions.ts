/** Resource name → scopes held, as the identity provider's authorization-ticket request answers it. */
export type Permissions = Readonly<Record<string, readonly string[]>>;

export type ProtectedResource = 'serverless-container' | 'cloud-database';
export type PermissionScope = 'create' | 'create-limited';

export interface SecurityRequirement {
  resource: ProtectedResource;
  scope: PermissionScope;
}

interface PermissionEntry {
  rsname: string;
  scopes?: string[];
}

// Full access includes restricted access: a subscribed customer holds only `create`, yet may open every
// page that asks for `create-limited`.
const impliedScopes: Readonly<Record<string, readonly PermissionScope[]>> = { create: ['create-limited'] };

export function grants(permissions: Permissions, requirement: SecurityRequirement): boolean {
  const held = permissions[requirement.resource] ?? [];
  return held.some(
    (scope) => scope === requirement.scope || impliedScopes[scope]?.includes(requirement.scope),
  );
}

export interface PermissionRequest {
  tokenEndpoint: string;
  accessToken: string;
  audience: string;
}

/**
 * UMA permissions request (SPEC §7). A refusal (HTTP 403, what a suspended customer gets) means no
 * permissions at all; a request that cannot be answered fails with 'Failed to get permissions'.
 */
export async function fetchPermissions({
  tokenEndpoint,
  accessToken,
  audience,
}: PermissionRequest): Promise<Permissions> {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:uma-ticket',
      audience,
      response_mode: 'permissions',
    }),
  }).catch(() => {
    throw new Error('Failed to get permissions');
  });
  if (response.status === 403) return {};
  if (!response.ok) throw new Error('Failed to get permissions');
  const entries = (await response.json()) as PermissionEntry[];
  return Object.fromEntries(entries.map((entry) => [entry.rsname, entry.scopes ?? []]));
}
