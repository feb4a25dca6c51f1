import { badInput } from '../../errors.ts';
import { guardedGet, OutboundError, type OutboundOptions, type OutboundResponse } from './outbound.ts';
import type { RegistrySource } from './source.ts';

// Signing in the way `docker login` does (Docker Registry HTTP API v2): GET /v2/ answers 401 with a
// challenge, either Basic (send the credentials) or Bearer (fetch a token from the realm with the
// credentials, then send the token).

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in to the registry; throws BAD_USER_INPUT saying why when that fails. */
export type RegistryCheck = (source: RegistrySource, credentials: Credentials) => Promise<void>;

interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** The first challenge of a WWW-Authenticate header: `Bearer realm="...",service="...",scope="..."`. */
export function parseChallenge(header: string | undefined): Challenge | undefined {
  const match = /^\s*([A-Za-z]+)\s*(.*)$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const params: Record<string, string> = {};
  for (const param of (match[2] ?? '').matchAll(/([A-Za-z_]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g)) {
    const [, key = '', quoted, bare] = param;
    params[key.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? '');
  }
  return { scheme: match[1].toLowerCase(), params };
}

export function createRegistryCheck(options: OutboundOptions): RegistryCheck {
  return async (source, { username, password }) => {
    const ping = new URL(`${source.scheme}://${source.authority}/v2/`);
    const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const refused = () =>
      badInput('password', `${source.host}: the registry refused the username or password`);
    const notARegistry = (what: string, response: OutboundResponse) =>
      badInput(
        'source',
        `${source.host} does not answer like a container registry (HTTP ${response.status} ${what})`,
      );

    const get = async (url: URL, headers: Record<string, string>) => {
      try {
        return await guardedGet(url, headers, options);
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        throw badInput(
          'source',
          error.reason === 'internal'
            ? `The registry cannot be checked: ${error.message}; only public registries can be signed in to`
            : `The registry cannot be reached: ${error.message}`,
        );
      }
    };

    const anonymous = await get(ping, {});
    // A registry open to everyone has nothing to sign in to.
    if (anonymous.status === 200) return;
    if (anonymous.status !== 401) throw notARegistry('at /v2/', anonymous);
    const challenge = parseChallenge(anonymous.headers['www-authenticate']);

    let authorization: string;
    if (challenge?.scheme === 'basic') {
      authorization = basic;
    } else if (challenge?.scheme === 'bearer' && challenge.params.realm) {
      const realm = new URL(challenge.params.realm, ping);
      for (const key of ['service', 'scope'] as const) {
        const value = challenge.params[key];
        if (value) realm.searchParams.set(key, value);
      }
      const tokenResponse = await get(realm, { authorization: basic });
      if (tokenResponse.status === 401 || tokenResponse.status === 403) throw refused();
      if (tokenResponse.status !== 200) throw notARegistry('from its token service', tokenResponse);
      const token = bearerToken(tokenResponse.body);
      if (!token) throw notARegistry('from its token service, without a token', tokenResponse);
      authorization = `Bearer ${token}`;
    } else {
      throw notARegistry('at /v2/ without a Basic or Bearer challenge', anonymous);
    }

    const signedIn = await get(ping, { authorization });
    if (signedIn.status === 200) return;
    if (signedIn.status === 401 || signedIn.status === 403) throw refused();
    throw notARegistry('at /v2/ after signing in', signedIn);
  };
}

function bearerToken(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { token?: unknown; access_token?: unknown };
    const token = parsed.token ?? parsed.access_token;
    return typeof token === 'string' && token.length > 0 ? token : undefined;
  } catch {
    return undefined;
  }
}
