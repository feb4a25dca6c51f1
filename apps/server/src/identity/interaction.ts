import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from 'oidc-provider';
import type { AccountService } from '../modules/accounts/service.ts';
import { signInPage, signUpPage, themeOf, type SignUpValues, type Theme } from './pages.ts';
import type { IdentityProvider } from './provider.ts';

// What every sign-in flow shares: the interaction it belongs to (oidc-provider keeps it under a cookie),
// what it remembers between our forms, ending it signed in, and the pages' addresses and theme.

/**
 * An interaction route reached without the state it needs (no or another interaction's cookie, an expired
 * interaction, a step of another prompt): a 400 page saying so, instead of a failure of ours.
 */
export class InteractionStateMissing extends Error {}
export const EXPIRED =
  'This sign-in has expired or was started in another browser. Go back to Berth and sign in again.';
const OTHER_STEP = 'This page is not part of this sign-in. Go back to Berth and start again.';

// Request bodies are checked by Fastify before a handler runs: a missing, non-object or mistyped body is
// a 400 naming the problem. Values within (an empty or too short field) are the handlers' to judge.
export type Fields<Names extends readonly string[]> = Record<Names[number], string>;
export type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

/** An object whose listed fields are strings; the sign-in pages always send all of theirs. */
export const stringFields = (fields: readonly string[], { required }: { required: boolean }) => ({
  type: 'object',
  required: required ? fields : [],
  properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])),
});

/** The theme the portal chose, from its `berth_theme` cookie (see pages.ts). */
export function themeOfRequest(request: FastifyRequest): Theme {
  return themeOf(/(?:^|;\s*)berth_theme=([^;]*)/.exec(request.headers.cookie ?? '')?.[1]);
}

/** What an interaction remembers between our forms (kept in its `result` until it finishes). */
export interface Progress {
  /** The password was right; the account's second factor is still to come. */
  passwordVerified?: { accountId: number };
  /** The set-up of an authenticator app was confirmed with a code in this interaction. */
  totpConfirmed?: boolean;
}

export function createInteractions(deps: {
  identity: IdentityProvider;
  accounts: AccountService;
  /** The realm's path, /realms/{realm}. */
  base: string;
}) {
  const { provider } = deps.identity;
  const { base } = deps;
  type Interaction = Awaited<ReturnType<typeof provider.interactionDetails>>;

  return {
    base,
    provider,

    /** The interaction of the URL's uid, at the prompt the route serves (any when none is given). */
    async at(
      request: InteractionRequest,
      reply: FastifyReply,
      prompt?: 'login' | 'configure_totp',
    ): Promise<Interaction> {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch((error: unknown) => {
        throw error instanceof errors.SessionNotFound ? new InteractionStateMissing(EXPIRED) : error;
      });
      if (details.uid !== request.params.uid) throw new InteractionStateMissing(EXPIRED);
      if (prompt && details.prompt.name !== prompt) throw new InteractionStateMissing(OTHER_STEP);
      return details;
    },

    progressOf: (details: Interaction) => (details.result ?? {}) as Progress,

    async remember(details: Interaction, progress: Progress) {
      details.result = { ...details.result, ...progress };
      await details.save(details.exp - Math.floor(Date.now() / 1000));
    },

    /** Ends an interaction with the account signed in (oidc-provider redirects back to the client). */
    async signedIn(request: FastifyRequest, reply: FastifyReply, accountId: number) {
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: String(accountId) } },
        { mergeWithLastSubmission: false },
      );
    },

    /** The signed-in account of a set-up interaction (kc_action=CONFIGURE_TOTP runs after sign-in). */
    async sessionAccount(details: Interaction) {
      const id = Number(details.session?.accountId);
      const account = Number.isInteger(id) ? await deps.accounts.findById(id) : undefined;
      // The account went away since it signed in.
      if (!account) throw new InteractionStateMissing(EXPIRED);
      return account;
    },

    signInPage(request: FastifyRequest, uid: string, email?: string, error?: string) {
      return signInPage({
        action: `${base}/interaction/${uid}/login`,
        registerUrl: `${base}/interaction/${uid}?screen=register`,
        resetUrl: `${base}/login-actions/reset-credentials`,
        email,
        error,
        theme: themeOfRequest(request),
      });
    },

    signUpPage(request: FastifyRequest, uid: string, values?: SignUpValues, errors?: Record<string, string>) {
      return signUpPage({
        action: `${base}/interaction/${uid}/register`,
        signInUrl: `${base}/interaction/${uid}?screen=login`,
        values,
        errors,
        theme: themeOfRequest(request),
      });
    },
  };
}

export type Interactions = ReturnType<typeof createInteractions>;
export type Interaction = Awaited<ReturnType<Interactions['at']>>;
