import { describe, expect, it } from 'vitest';
import { createPayloadStore } from '../../src/identity/store.ts';
import { createSessionService } from '../../src/modules/sessions/service.ts';
import { portalSession } from '../support/browser.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { expectGraphQLError, passwordGrant, platformApi, refreshGrant } from '../support/http.ts';
import { useServer } from '../support/server.ts';

// The account page's sessions through the platform API: each sign-in of the portal is listed with its
// device and address; signing one out ends it for real (its refresh token and its access tokens stop
// working), and only the account's own sessions can be reached.

let offsetMs = 0;
const suite = useServer({}, { clock: () => new Date(Date.now() + offsetMs) });

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

const SESSIONS = '{ account { sessions { id device address createdAt lastSeenAt current } } }';
const SIGN_OUT = 'mutation ($id: ID!) { accountSessionSignOut(id: $id) }';
const SIGN_OUT_OTHERS = 'mutation { accountSessionsSignOutOthers }';

interface Session {
  id: string;
  device: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

const signIn = (customer: TestCustomer, userAgent: string) =>
  portalSession(suite.server.url, customer.email, customer.password, { 'user-agent': userAgent });

async function sessionsOf(access: string) {
  const { account } = await platformApi(suite.server.url, access).data<{ account: { sessions: Session[] } }>(
    SESSIONS,
  );
  return account.sessions;
}

async function accountOf(customer: TestCustomer) {
  const account = await suite.server.services.accounts.findById(customer.accountId);
  if (!account) throw new Error(`account ${customer.accountId} is gone`);
  return account;
}

/** The status of an API request with this access token: 200, or 401 once its session ended. */
const apiStatus = async (access: string) =>
  (await platformApi(suite.server.url, access).gql('{ account { id } }')).status;

describe('sessions', () => {
  it('lists each sign-in with its device and address, the asking one marked current', async () => {
    const alice = await createCustomer(suite.server, { name: 'Alice' });
    const before = Date.now();
    const laptop = await signIn(alice, CHROME_ON_LINUX);
    const desktop = await signIn(alice, FIREFOX_ON_WINDOWS);

    const sessions = await sessionsOf(laptop.access);
    expect(sessions).toHaveLength(2);
    expect(sessions.map(({ device, address, current }) => ({ device, address, current }))).toEqual(
      expect.arrayContaining([
        { device: 'Chrome on Linux', address: '127.0.0.1', current: true },
        { device: 'Firefox on Windows', address: '127.0.0.1', current: false },
      ]),
    );
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
    expect((await sessionsOf(desktop.access)).find((session) => session.current)?.device).toBe(
      'Firefox on Windows',
    );
  });

  it('moves "last seen" when the tokens are used, at most once a minute', async () => {
    const bob = await createCustomer(suite.server, { name: 'Bob' });
    const { access } = await signIn(bob, CHROME_ON_LINUX);
    const [signedIn] = await sessionsOf(access);
    offsetMs += 30_000;
    const [soon] = await sessionsOf(access);
    expect(soon?.lastSeenAt).toBe(signedIn?.lastSeenAt);
    offsetMs += 60_000;
    await apiStatus(access);
    const [later] = await sessionsOf(access);
    expect(
      Date.parse(later?.lastSeenAt ?? '') - Date.parse(signedIn?.lastSeenAt ?? ''),
    ).toBeGreaterThanOrEqual(90_000);
  });

  it('signs one session out: its refresh token and access token stop working, the caller stays', async () => {
    const carol = await createCustomer(suite.server, { name: 'Carol' });
    const here = await signIn(carol, CHROME_ON_LINUX);
    const there = await signIn(carol, FIREFOX_ON_WINDOWS);
    const other = (await sessionsOf(here.access)).find((session) => !session.current);
    expect(other?.device).toBe('Firefox on Windows');
    expect(await apiStatus(there.access)).toBe(200);

    const api = platformApi(suite.server.url, here.access);
    await api.data(SIGN_OUT, { id: other?.id });
    expect((await refreshGrant(suite.server.url, there.refresh, 'berth-portal')).status).toBe(400);
    expect(await apiStatus(there.access)).toBe(401);
    expect(await apiStatus(here.access)).toBe(200);
    expect((await refreshGrant(suite.server.url, here.refresh, 'berth-portal')).status).toBe(200);
    expect((await sessionsOf(here.access)).map((session) => session.device)).toEqual(['Chrome on Linux']);
    expect(expectGraphQLError(await api.gql(SIGN_OUT, { id: other?.id }), 'NOT_FOUND')).toBeDefined();
  });

  it('signs every other session out, the command line too, and says how many', async () => {
    const dave = await createCustomer(suite.server, { name: 'Dave' });
    const here = await signIn(dave, CHROME_ON_LINUX);
    const others = [await signIn(dave, FIREFOX_ON_WINDOWS), await signIn(dave, CHROME_ON_LINUX)];
    const cli = await passwordGrant(suite.server.url, dave.email, dave.password);

    const { accountSessionsSignOutOthers: ended } = await platformApi(suite.server.url, here.access).data<{
      accountSessionsSignOutOthers: number;
    }>(SIGN_OUT_OTHERS);
    expect(ended).toBe(2);
    for (const session of others) {
      expect((await refreshGrant(suite.server.url, session.refresh, 'berth-portal')).status).toBe(400);
      expect(await apiStatus(session.access)).toBe(401);
    }
    expect((await refreshGrant(suite.server.url, cli.body.refresh_token)).status).toBe(400);
    expect(await sessionsOf(here.access)).toEqual([expect.objectContaining({ current: true })]);
    const audit = await suite.server.services.audit.list(await accountOf(dave), String(dave.customerId), {
      eventTypes: ['delete'],
      modelNames: ['AccountSession'],
    });
    expect(audit).toHaveLength(2);
  });

  it("answers NOT_FOUND for another account's session and leaves it signed in", async () => {
    const erin = await createCustomer(suite.server, { name: 'Erin' });
    const frank = await createCustomer(suite.server, { name: 'Frank' });
    const erins = await signIn(erin, CHROME_ON_LINUX);
    const franks = await signIn(frank, FIREFOX_ON_WINDOWS);
    const [franksSession] = await sessionsOf(franks.access);

    const api = platformApi(suite.server.url, erins.access);
    for (const id of [franksSession?.id, '999999999', 'not-a-number'])
      expect(expectGraphQLError(await api.gql(SIGN_OUT, { id }), 'NOT_FOUND').message).toBe(
        'Session not found',
      );
    expect(await apiStatus(franks.access)).toBe(200);
    expect((await refreshGrant(suite.server.url, franks.refresh, 'berth-portal')).status).toBe(200);
    expect(await sessionsOf(franks.access)).toHaveLength(1);
  });
});

describe('with an external identity provider', () => {
  it('lists none and signs none out: the provider keeps them', async () => {
    const grace = await createCustomer(suite.server, { name: 'Grace' });
    const account = await accountOf(grace);
    const external = createSessionService({
      database: suite.server.berth.database,
      externalIssuer: true,
      signOuts: {
        session: (tx, accountId, uid) => createPayloadStore(tx).removeSession(accountId, uid),
        allBut: (tx, accountId, keep) => createPayloadStore(tx).removeAccount(accountId, keep),
      },
      log: { warn: () => undefined },
    });
    expect(await external.list(account, { address: '127.0.0.1' })).toBeNull();
    await expect(external.signOut(account, '1')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(external.signOutOthers(account, { address: '127.0.0.1' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
