import { beforeAll, describe, expect, it } from 'vitest';
import { authorizationQuery, Browser, expectPage, pkce, signInWithCode } from '../support/browser.ts';
import { createCustomer, uniqueEmail, type TestCustomer } from '../support/customers.ts';
import { OIDC_PATH, REALM_PATH } from '../support/http.ts';
import { useSignInWorld } from './setup.ts';

const world = useSignInWorld();

describe('interaction routes without the state they need', () => {
  // Each answers 400 and says what is wrong: a page with a sentence when the form's fields arrive, the
  // body's problem when no form of ours could have sent it. Never a 500.
  const EXPIRED = 'This sign-in has expired or was started in another browser.';
  const OTHER_STEP = 'This page is not part of this sign-in.';
  const ROUTES = ['login', 'register', 'second-factor', 'totp', 'totp/done'] as const;
  type Route = (typeof ROUTES)[number];

  /** Where an interaction stands: its path, the cookies of its browser, what each route answers there. */
  interface State {
    name: string;
    path: string;
    cookie: string;
    page?: string;
    routes: Partial<Record<Route, string>>;
  }
  const states: State[] = [];
  let bob: TestCustomer;

  beforeAll(async () => {
    bob = await createCustomer(world.server, { name: 'Bob' });
    const signedOut = new Browser(world.server.url);
    const signIn = expectPage(
      await signedOut.get(`${OIDC_PATH}/auth?${authorizationQuery(world.server.url, pkce()).toString()}`),
    );
    const { browser: signedIn } = await signInWithCode(world.server.url, bob.email, bob.password);
    const setUp = expectPage(
      await signedIn.get(
        `${OIDC_PATH}/auth?${authorizationQuery(world.server.url, pkce(), { kc_action: 'CONFIGURE_TOTP' }).toString()}`,
      ),
    );
    expect(setUp.html).toContain('Set up two-factor authentication');
    const everywhere = (sentence: string) => Object.fromEntries(ROUTES.map((route) => [route, sentence]));
    states.push(
      {
        name: 'without its cookie',
        path: signIn.url.pathname,
        cookie: '',
        page: EXPIRED,
        routes: everywhere(EXPIRED),
      },
      {
        name: 'at an unknown uid',
        path: `${REALM_PATH}/interaction/unknown-uid`,
        cookie: signedOut.jar.header(),
        page: EXPIRED,
        routes: everywhere(EXPIRED),
      },
      {
        name: 'signing in, before the password',
        path: signIn.url.pathname,
        cookie: signedOut.jar.header(),
        routes: {
          'second-factor': 'Enter your email and password first.',
          totp: OTHER_STEP,
          'totp/done': OTHER_STEP,
        },
      },
      {
        name: 'setting up two-factor, before the first code',
        path: setUp.url.pathname,
        cookie: signedIn.jar.header(),
        routes: {
          login: OTHER_STEP,
          register: OTHER_STEP,
          'second-factor': OTHER_STEP,
          'totp/done': 'Enter the code your app shows to turn on two-factor authentication first.',
        },
      },
    );
  });

  async function request(state: State, route: Route | '', body?: { type: string; text: string }) {
    const response = await fetch(new URL(route ? `${state.path}/${route}` : state.path, world.server.url), {
      method: route ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: state.cookie, ...(body && { 'content-type': body.type }) },
      body: body?.text,
    });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  }

  /** The sentence a page shows in its alert. */
  const alertOf = (html: string) => /<div class="alert" role="alert">([^<]*)<\/div>/.exec(html)?.[1];

  const newcomer = uniqueEmail('newcomer');
  /** The fields each route's form sends, with values that would sign Bob in or sign a newcomer up. */
  const formOf = (route: Route) => {
    const fields: Record<Route, Record<string, string>> = {
      login: { email: bob.email, password: bob.password },
      register: { name: 'Newcomer', email: newcomer, password: 'a-password', passwordConfirm: 'a-password' },
      'second-factor': { code: '123456' },
      totp: { code: '123456' },
      'totp/done': {},
    };
    return new URLSearchParams(fields[route]).toString();
  };

  it("answers each route with a page that says why when the form's fields arrive", async () => {
    for (const state of states) {
      for (const route of ROUTES) {
        const sentence = state.routes[route];
        if (!sentence) continue;
        const answer = await request(state, route, {
          type: 'application/x-www-form-urlencoded',
          text: formOf(route),
        });
        expect(answer.status, `${state.name}: POST ${route}`).toBe(400);
        expect(answer.type).toMatch(/^text\/html/);
        expect(alertOf(answer.text), `${state.name}: POST ${route}`).toContain(sentence);
      }
      if (state.page) {
        const page = await request(state, '');
        expect(page.status, `${state.name}: GET`).toBe(400);
        expect(alertOf(page.text)).toContain(state.page);
      }
    }
    // Nobody signed up on the way.
    expect(await world.server.services.accounts.listCustomers()).not.toContainEqual(
      expect.objectContaining({ email: newcomer }),
    );
  });

  const badBodies = [
    { name: 'no body' },
    { name: 'an empty form', type: 'application/x-www-form-urlencoded', text: '' },
    { name: 'an empty JSON object', type: 'application/json', text: '{}' },
    { name: 'plain text', type: 'text/plain', text: 'code=123456' },
  ];

  it.each(badBodies)('answers each route 400 with a sentence for $name, in every state', async (bad) => {
    for (const state of states) {
      for (const route of ROUTES) {
        const answer = await request(
          state,
          route,
          bad.type ? { type: bad.type, text: bad.text ?? '' } : undefined,
        );
        const where = `${state.name}: POST ${route}: ${answer.text.slice(0, 200)}`;
        expect(answer.status, where).toBe(400);
        // A page's alert, or the body's problem as JSON (the routes with fields check them first).
        const sentence = answer.type.startsWith('text/html')
          ? alertOf(answer.text)
          : (JSON.parse(answer.text) as { message?: string }).message;
        expect(sentence, where).toMatch(/\w+ \w+/);
        expect(sentence, where).not.toMatch(/Something went wrong/);
      }
    }
  });
});
