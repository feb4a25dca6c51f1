import type { Database, Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { RequestSession } from '../accounts/credentials.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { recordChange } from '../audit/store.ts';
import { deviceName } from './device.ts';
import { createRecently } from './recently.ts';
import { createSessionStore, type AccountSessionRow } from './store.ts';

// The signed-in sessions of the built-in identity provider, as the account page lists and ends them, and
// the API's check that a token's session (its `sid`) is still signed in. With an external identity
// provider (Keycloak) sessions are its own: none are listed and none are ended here.

/** "Last seen" is written at most this often per session. */
const SEEN_EVERY_MS = 60_000;
/**
 * How long this process takes a session it found signed in as such without asking the database again: a
 * sign-out in another process reaches its tokens within this time, one in this process at once.
 */
const SIGNED_IN_CHECK_MS = 10_000;

/** A session as the account page shows it. */
export type AccountSessionView = AccountSessionRow & { current: boolean };

/** A use of a session's tokens: at sign-in, at the token endpoint, at the API. */
export interface SessionUse {
  sessionUid: string;
  accountId: number;
  userAgent: string | undefined;
  address: string;
}

export function createSessionService(deps: {
  database: Database;
  /** Sign-in belongs to an external identity provider (Keycloak): its sessions are not ours to show. */
  externalIssuer: boolean;
  /** The identity provider's sign-outs (its sessions, grants and tokens), in the caller's transaction. */
  signOuts: {
    /** Ends the account's session of this uid. */
    session(tx: Db, accountId: number, sessionUid: string): Promise<unknown>;
    /** Ends every session of the account but `keepSessionUid`; answers how many ended. */
    allBut(tx: Db, accountId: number, keepSessionUid?: string): Promise<number>;
  };
  /** Where a use that could not be recorded is told (it fails no sign-in or request). */
  log: { warn(details: object, message: string): void };
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const store = createSessionStore(db);
  const clock = deps.clock ?? (() => new Date());
  const seenLately = createRecently(SEEN_EVERY_MS);
  // Sessions found signed in lately, with their account.
  const signedInLately = createRecently<number>(SIGNED_IN_CHECK_MS);

  function builtInOnly() {
    if (deps.externalIssuer)
      throw forbidden('Your sessions are kept by your identity provider: sign them out there');
  }

  const audit = (tx: Db, account: AccountWithCustomer, row: AccountSessionRow) =>
    recordChange(tx, account, {
      eventType: 'delete',
      modelName: 'AccountSession',
      modelId: row.id,
      before: { device: row.device, address: row.address },
      after: null,
    });

  return {
    /** The account's signed-in sessions, the one asking marked current; null with an external provider. */
    async list(account: AccountWithCustomer, session: RequestSession): Promise<AccountSessionView[] | null> {
      if (deps.externalIssuer) return null;
      const rows = await store.list(account.id);
      return rows.map((row) => ({ ...row, current: row.sessionUid === session.id }));
    },

    /** Signs one of the account's sessions out: its refresh tokens stop working, its access tokens soon. */
    async signOut(account: AccountWithCustomer, id: string) {
      builtInOnly();
      const key = rowId(id);
      const row = key === undefined ? undefined : await store.find(account.id, key);
      if (!row) throw notFound('Session');
      await db.transaction(async (tx) => {
        await deps.signOuts.session(tx, account.id, row.sessionUid);
        await createSessionStore(tx).forget(row.id);
        await audit(tx, account, row);
      });
      signedInLately.forget((uid) => uid === row.sessionUid);
      return true;
    },

    /** Signs every session of the account out but the one asking; answers how many ended. */
    async signOutOthers(account: AccountWithCustomer, session: RequestSession) {
      builtInOnly();
      const others = (await store.list(account.id)).filter((row) => row.sessionUid !== session.id);
      const ended = await db.transaction(async (tx) => {
        const count = await deps.signOuts.allBut(tx, account.id, session.id);
        await createSessionStore(tx).forgetEnded(account.id);
        for (const row of others) await audit(tx, account, row);
        return count;
      });
      signedInLately.forget((uid, accountId) => accountId === account.id && uid !== session.id);
      return ended;
    },

    /**
     * Records a use of the session: the first one (its sign-in) names its device and address; later ones
     * move "last seen", at most once a minute per session. Never fails: a failure is logged.
     */
    async used(use: SessionUse) {
      const now = clock();
      if (seenLately.get(use.sessionUid, now.getTime())) return;
      const { userAgent, ...seen } = use;
      const sighting = { ...seen, device: deviceName(userAgent) };
      try {
        await store.sighted(sighting, now, SEEN_EVERY_MS);
        seenLately.mark(use.sessionUid, now.getTime(), true);
      } catch (error) {
        deps.log.warn({ err: error }, "a session's use could not be recorded");
      }
    },

    /** Whether the token's session is still signed in (the API refuses tokens of ended sessions). */
    async isSignedIn(accountId: number, sessionUid: string) {
      const now = clock().getTime();
      if (signedInLately.get(sessionUid, now) === accountId) return true;
      const signedIn = await store.isSignedIn(accountId, sessionUid);
      if (signedIn) signedInLately.mark(sessionUid, now, accountId);
      return signedIn;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
