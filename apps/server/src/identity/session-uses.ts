import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { SessionService } from '../modules/sessions/service.ts';

// The account page's sessions learn of sign-ins here: oidc-provider's answers that signed a session in or
// used it (the authorization endpoint, the token endpoint's code and refresh grants) are recorded with the
// browser's User-Agent and address, once oidc-provider has saved the session.

/** The session a token-endpoint answer continued (code and refresh grants; the password grant opens none). */
export function tokenSession(ctx: KoaContextWithOIDC) {
  const token = ctx.oidc.entities.RefreshToken ?? ctx.oidc.entities.AuthorizationCode;
  return token?.sessionUid ? { sessionUid: token.sessionUid, accountId: token.accountId } : undefined;
}

/** The session and account a successful answer used; none for other routes and refusals. */
function sessionUsedBy(ctx: KoaContextWithOIDC) {
  if (ctx.status >= 400) return undefined;
  const { route, session } = ctx.oidc;
  if (route === 'authorization' || route === 'resume')
    return session?.accountId ? { sessionUid: session.uid, accountId: session.accountId } : undefined;
  return route === 'token' ? tokenSession(ctx) : undefined;
}

export function recordSessionUses(provider: Provider, sessions: Pick<SessionService, 'used'>) {
  provider.use(async (ctx, next) => {
    await next();
    // Requests oidc-provider routes nowhere (a 404) have no oidc context.
    const routed = ctx as Partial<KoaContextWithOIDC>;
    const used = routed.oidc && sessionUsedBy(ctx as KoaContextWithOIDC);
    const accountId = Number(used?.accountId);
    if (used && Number.isInteger(accountId))
      await sessions.used({
        sessionUid: used.sessionUid,
        accountId,
        userAgent: ctx.get('user-agent') || undefined,
        address: ctx.ip,
      });
  });
}
