import { createHash, randomBytes } from 'node:crypto';
import { OIDC_PATH, tokenRequest } from './http.ts';

/** Keeps cookies between requests, as a browser does (one origin, so names are enough). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      // An expired cookie (sign-out, consumed interaction) is removed.
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const PORTAL_CLIENT = 'berth-portal';
export const callbackUrl = (origin: string) => `${origin}/auth/callback`;

/** The query of an authorization request of the portal; `overrides` change or (undefined) drop parameters. */
export function authorizationQuery(
  origin: string,
  challenge: Pkce,
  overrides: Record<string, string | undefined> = {},
) {
  const query: Record<string, string | undefined> = {
    client_id: PORTAL_CLIENT,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: callbackUrl(origin),
    code_challenge: challenge.challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ...overrides,
  };
  const defined = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new URLSearchParams(defined);
}

/** Where a chain of redirects ended: a page of the server, or the client's redirect_uri. */
export type Landing = (
  { kind: 'page'; url: URL; status: number; html: string } | { kind: 'callback'; url: URL }
) & {
  /** The status and target of every redirect on the way. */
  redirects: { status: number; location: string }[];
};

/**
 * A browser of the sign-in pages: follows the server's redirects with its cookies until a page shows,
 * and stops at the portal's callback (which the portal, not the server, would handle).
 */
export class Browser {
  readonly jar = new CookieJar();

  /** `headers` go with every request (a User-Agent, say). */
  constructor(
    readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private isCallback(url: URL) {
    return url.href.startsWith(callbackUrl(this.origin));
  }

  private async request(url: URL, init: RequestInit = {}) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...this.headers, ...(init.headers as Record<string, string>), cookie: this.jar.header() },
    });
    this.jar.store(response);
    return response;
  }

  /** Follows 30x answers from `response` on; returns where they lead. */
  private async land(url: URL, response: Response): Promise<Landing> {
    let current = url;
    let answer = response;
    const redirects: Landing['redirects'] = [];
    for (let hops = 0; hops < 10; hops++) {
      const location = answer.headers.get('location');
      if (answer.status < 300 || answer.status >= 400 || !location) {
        return { kind: 'page', url: current, status: answer.status, html: await answer.text(), redirects };
      }
      await answer.body?.cancel();
      redirects.push({ status: answer.status, location });
      current = new URL(location, current);
      if (this.isCallback(current)) return { kind: 'callback', url: current, redirects };
      answer = await this.request(current);
    }
    throw new Error(`too many redirects, last at ${current.href}`);
  }

  async get(pathOrUrl: string): Promise<Landing> {
    const url = new URL(pathOrUrl, this.origin);
    return this.land(url, await this.request(url));
  }

  async post(pathOrUrl: string, form: Record<string, string>): Promise<Landing> {
    const url = new URL(pathOrUrl, this.origin);
    const response = await this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return this.land(url, response);
  }
}

/** The page a landing must be; fails the test with where it went instead. */
export function expectPage(landing: Landing): Extract<Landing, { kind: 'page' }> {
  if (landing.kind !== 'page') throw new Error(`expected a page, went to ${landing.url.href}`);
  return landing;
}

/** The authorization code of a landing at the callback; fails the test otherwise. */
export function expectCode(landing: Landing): string {
  if (landing.kind !== 'callback')
    throw new Error(`expected the callback, got HTTP ${landing.status} at ${landing.url.href}`);
  const code = landing.url.searchParams.get('code');
  if (!code) throw new Error(`callback without code: ${landing.url.href}`);
  return code;
}

/** The whole sign-in of the portal: authorization request, sign-in form, code. */
export async function signInWithCode(
  origin: string,
  email: string,
  password: string,
  challenge = pkce(),
  headers: Record<string, string> = {},
) {
  const browser = new Browser(origin, headers);
  const form = expectPage(
    await browser.get(`${OIDC_PATH}/auth?${authorizationQuery(origin, challenge).toString()}`),
  );
  const landing = await browser.post(`${form.url.pathname}/login`, { email, password });
  return { browser, code: expectCode(landing), pkce: challenge };
}

/** A portal session (authorization code with PKCE) from a browser sending `headers`: its tokens carry `sid`. */
export async function portalSession(
  origin: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const { code, pkce: challenge } = await signInWithCode(origin, email, password, pkce(), headers);
  const { body } = await exchangeCode(origin, code, challenge.verifier);
  return { access: String(body.access_token), refresh: String(body.refresh_token) };
}

/** Exchanges an authorization code at the token endpoint, as the portal does. */
export const exchangeCode = (origin: string, code: string, verifier: string | undefined) =>
  tokenRequest(origin, {
    grant_type: 'authorization_code',
    client_id: PORTAL_CLIENT,
    code,
    redirect_uri: callbackUrl(origin),
    ...(verifier === undefined ? {} : { code_verifier: verifier }),
  });

/** Creates an account through the sign-up form (for a server in another process, without services). */
export async function signUp(origin: string, account: { name: string; email: string; password: string }) {
  const browser = new Browser(origin);
  const form = expectPage(
    await browser.get(`${OIDC_PATH}/registrations?${authorizationQuery(origin, pkce()).toString()}`),
  );
  expectCode(
    await browser.post(`${form.url.pathname}/register`, { ...account, passwordConfirm: account.password }),
  );
}
