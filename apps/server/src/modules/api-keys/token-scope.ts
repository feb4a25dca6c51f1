import type { ApiKeyScope } from '../../db/schema.ts';

// What a key's access token says beside the key it was issued for (API_KEY_CLAIM, accounts/service.ts): the
// OAuth scope it grants, `read` or `read write`. A client may ask for less than its key
// has (`scope=read` with a read-and-write key), never for more.

const SCOPE_VALUES: Record<ApiKeyScope, readonly string[]> = {
  READ: ['read'],
  READ_WRITE: ['read', 'write'],
};

export const scopeText = (scope: ApiKeyScope): string => SCOPE_VALUES[scope].join(' ');

/**
 * The scope a token is issued with for `requested` (OAuth's space-separated list; none: all the key has);
 * undefined when it asks for a value the key does not have.
 */
export function grantedScope(key: ApiKeyScope, requested: string | undefined): ApiKeyScope | undefined {
  const asked = (requested ?? '').split(' ').filter(Boolean);
  if (asked.some((value) => !SCOPE_VALUES[key].includes(value))) return undefined;
  return asked.length === 0 || asked.includes('write') ? key : 'READ';
}

/** What a request with the token may do: its key's scope, narrowed to the token's own `scope` claim. */
export function scopeOfToken(key: ApiKeyScope, claim: unknown): ApiKeyScope {
  const values = typeof claim === 'string' ? claim.split(' ') : [];
  return key === 'READ_WRITE' && values.includes('write') ? 'READ_WRITE' : 'READ';
}
