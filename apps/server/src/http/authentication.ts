import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { bearerToken, InvalidToken, type TokenVerifier } from '../auth/verifier.ts';
import type { AccountService } from '../modules/accounts/service.ts';
import type { AccountWithCustomer } from '../modules/accounts/store.ts';
import type { SessionService } from '../modules/sessions/service.ts';
import { graphqlErrorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account of a route behind `requireAccount`. */
    account?: AccountWithCustomer;
    /** The identity provider's session the token was issued in (its `sid`), when it names one. */
    sessionId?: string;
  }
}

export type Authenticate = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<AccountWithCustomer | undefined>;

const unauthenticated = (request: FastifyRequest, message: string) =>
  graphqlErrorBody('UNAUTHENTICATED', message, request.id);

/**
 * The account of the request's bearer token; otherwise answers 401 and returns undefined. With `sessions`
 * (the built-in identity provider's), a token naming a session (`sid`) counts only while that session is
 * signed in, and its use moves the session's "last seen".
 */
export function createAuthenticator(
  accounts: AccountService,
  verify: TokenVerifier,
  sessions?: Pick<SessionService, 'isSignedIn' | 'used'>,
): Authenticate {
  async function sessionSignedIn(request: FastifyRequest, accountId: number, sessionUid: string | undefined) {
    if (!sessions || !sessionUid) return true;
    if (!(await sessions.isSignedIn(accountId, sessionUid))) return false;
    await sessions.used({
      sessionUid,
      accountId,
      userAgent: request.headers['user-agent'],
      address: request.ip,
    });
    return true;
  }

  return async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      await reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send(unauthenticated(request, 'A bearer token is required'));
      return undefined;
    }
    try {
      const claims = await verify(token);
      const account = await accounts.resolveFromClaims(claims);
      const sessionUid = typeof claims.sid === 'string' ? claims.sid : undefined;
      if (account && (await sessionSignedIn(request, account.id, sessionUid))) {
        request.sessionId = sessionUid;
        return account;
      }
    } catch (error) {
      if (!(error instanceof InvalidToken)) throw error;
    }
    await reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer error="invalid_token"')
      .send(unauthenticated(request, 'The token is invalid or expired'));
    return undefined;
  };
}

/**
 * The hook of every customer-facing API route: without a valid bearer token the request ends with 401
 * before its body is looked at; with one, `request.account` is the signed-in account.
 */
export function requireAccount(authenticate: Authenticate): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const account = await authenticate(request, reply);
    if (!account) return reply;
    request.account = account;
  };
}
