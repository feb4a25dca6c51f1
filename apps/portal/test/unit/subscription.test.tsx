import { act, screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NamespacesQuery } from '../../src/gql/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { containerRow, namespace } from '../support/fixtures.ts';
import { permissions } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The subscription flow of a restricted customer: the upgrade in place of a create button, the hosted
// checkout and billing-details pages, and the wait for access after checkout (SPEC §4, §7, §8, §9).

vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

const tokenEndpoint = `${window.location.origin}/realms/berth/protocol/openid-connect/token`;
const markerKey = 'berth.subscription-requested.account-1';
const checkoutError = 'Something went wrong. Try again or contact customer support';
const timedOut =
  'Your subscription request to serverless containers cannot be done at the moment, try again later.';

const shop: NamespacesQuery['namespaces'][number] = {
  id: '1',
  name: 'shop',
  description: '',
  state: 'created',
  locked: false,
  createdAt: '2024-12-01T08:00:00Z',
  containers: [],
  containerJobs: [],
  privateRegistries: [],
  volumes: [],
};

const container = (name: string) => containerRow(name);

/** A restricted customer (`create-limited`) with one namespace. */
function restrictedWithOneNamespace() {
  server.use(
    permissions('create-limited'),
    graphql.query('Namespaces', () => HttpResponse.json({ data: { namespaces: [shop] } })),
    graphql.query('NamespaceNames', () => HttpResponse.json({ data: { namespaces: [{ name: 'shop' }] } })),
  );
}

/**
 * The identity provider answers `create-limited` until `grant()`, `create` from then on; counts the
 * permission requests.
 */
function permissionsGrantedLater() {
  let granted = false;
  let requests = 0;
  server.use(
    http.post(tokenEndpoint, () => {
      requests += 1;
      return HttpResponse.json([
        { rsname: 'serverless-container', scopes: [granted ? 'create' : 'create-limited'] },
      ]);
    }),
  );
  return {
    grant: () => {
      granted = true;
    },
    requests: () => requests,
  };
}

const openList = (search = '') => renderWithProviders({ path: `/compute/serverless-containers${search}` });
const upgradeButton = () => screen.findByRole('button', { name: 'Upgrade to create more' });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('upgrade call to action', () => {
  it('takes the place of the create button, says why, and opens the checkout for the serverless-containers plan', async () => {
    restrictedWithOneNamespace();
    let received: unknown;
    let answer: () => void = () => undefined;
    server.use(
      http.post('/billing/subscriptions', async ({ request }) => {
        received = { body: await request.json(), authorization: request.headers.get('authorization') };
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ url: 'https://pay.example.com/checkout/cs_1' });
      }),
    );
    const { user } = openList();
    const button = await upgradeButton();
    expect(screen.getByText('Without a subscription you can have one namespace.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create namespace' })).not.toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(received).toEqual({
      body: { planId: 'serverless-containers-EUR-Monthly', resourceId: 'customer-1' },
      authorization: 'Bearer test-token',
    });
    answer();
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_1'),
    );
    // Busy until the browser has left, so it is not pressed twice.
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('says the checkout could not be opened and can be pressed again', async () => {
    restrictedWithOneNamespace();
    server.use(
      http.post('/billing/subscriptions', () => HttpResponse.json({ message: 'down' }, { status: 502 })),
    );
    const { user } = openList();
    const button = await upgradeButton();
    await user.click(button);
    expect(await screen.findByText(checkoutError)).toBeVisible();
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(leaveForHostedPage).not.toHaveBeenCalled();
  });

  it('is not offered with full access: the create button is', async () => {
    server.use(graphql.query('Namespaces', () => HttpResponse.json({ data: { namespaces: [shop] } })));
    openList();
    expect(await screen.findByRole('link', { name: 'Create namespace' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Upgrade to create more' })).not.toBeInTheDocument();
  });

  it('explains the redirect from the create page to the list', async () => {
    restrictedWithOneNamespace();
    const { router } = renderWithProviders({ path: '/compute/serverless-containers/new' });
    expect(
      await screen.findByText('Without a subscription you can have one namespace. Upgrade to create more.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/compute/serverless-containers');
    expect(await upgradeButton()).toBeVisible();
  });

  it('explains the redirect from the new-container page to a namespace that has its container', async () => {
    restrictedWithOneNamespace();
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      graphql.query('NamespaceContainerNames', () =>
        HttpResponse.json({ data: { namespace: { id: '1', containers: [{ name: 'web' }] } } }),
      ),
      graphql.query('NamespaceContainers', () =>
        HttpResponse.json({ data: { namespace: { id: '1', containers: [container('web')] } } }),
      ),
    );
    const { router } = renderWithProviders({ path: '/compute/serverless-containers/shop/container/new' });
    expect(
      await screen.findByText(
        'Without a subscription a namespace holds one container. Upgrade to create more.',
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/compute/serverless-containers/shop/containers');
    expect(await upgradeButton()).toBeVisible();
    expect(screen.getByText('Without a subscription a namespace holds one container.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create container' })).not.toBeInTheDocument();
  });
});

describe('back from checkout', () => {
  it('acknowledges the request, polls every 3 s and shows the create button when access arrives (3rd poll)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    restrictedWithOneNamespace();
    const identity = permissionsGrantedLater();
    const { router } = openList('?checkout=success');

    expect(await screen.findByText('Your subscription request has been received.')).toBeVisible();
    expect(await screen.findByText('Activating your subscription…')).toBeVisible();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(window.localStorage.getItem(markerKey)).not.toBeNull();
    // No second checkout while this one is being activated.
    expect(await screen.findByRole('button', { name: 'Activating subscription' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const before = identity.requests();

    await advance(3_000);
    await advance(3_000);
    expect(identity.requests() - before).toBe(2);
    expect(screen.getByText('Activating your subscription…')).toBeVisible();
    identity.grant();
    await advance(3_000);

    expect(await screen.findByRole('link', { name: 'Create namespace' })).toBeVisible();
    expect(identity.requests() - before).toBe(3);
    expect(screen.queryByText('Activating your subscription…')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(markerKey)).toBeNull();
    await advance(3_000);
    expect(identity.requests() - before).toBe(3);
  });

  it('gives up after 30 s with the warning and forgets the request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    restrictedWithOneNamespace();
    const identity = permissionsGrantedLater();
    openList('?checkout=success');
    expect(await screen.findByText('Activating your subscription…')).toBeVisible();
    const before = identity.requests();

    // The exact schedule is poll-until-granted.test.ts's; here real time also passes while rendering.
    await advance(27_000);
    expect(screen.queryByText(timedOut)).not.toBeInTheDocument();
    expect(screen.getByText('Activating your subscription…')).toBeVisible();
    await advance(3_000);

    expect(await screen.findByText(timedOut)).toBeVisible();
    expect(identity.requests() - before).toBe(10);
    expect(screen.queryByText('Activating your subscription…')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(markerKey)).toBeNull();
    expect(await upgradeButton()).toBeVisible();
  });

  it('resumes a wait after a reload with the time that is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(markerKey, String(Date.now() - 20_000));
    restrictedWithOneNamespace();
    permissionsGrantedLater();
    openList();
    expect(await screen.findByText('Activating your subscription…')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Activating subscription' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    await advance(7_000);
    expect(screen.queryByText(timedOut)).not.toBeInTheDocument();
    await advance(3_000);
    expect(await screen.findByText(timedOut)).toBeVisible();
    expect(window.localStorage.getItem(markerKey)).toBeNull();
  });

  it('resumed, still shows the create button as soon as access arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(markerKey, String(Date.now() - 10_000));
    restrictedWithOneNamespace();
    const identity = permissionsGrantedLater();
    openList();
    expect(await screen.findByText('Activating your subscription…')).toBeVisible();
    identity.grant();
    await advance(3_000);
    expect(await screen.findByRole('link', { name: 'Create namespace' })).toBeVisible();
    expect(window.localStorage.getItem(markerKey)).toBeNull();
  });

  it('keeps a wait to the account that asked for it', async () => {
    window.localStorage.setItem('berth.subscription-requested.someone-else', String(Date.now()));
    restrictedWithOneNamespace();
    openList();
    expect(await upgradeButton()).toBeVisible();
    expect(screen.queryByText('Activating your subscription…')).not.toBeInTheDocument();
  });

  it('after a cancelled checkout, changes nothing and says so', async () => {
    restrictedWithOneNamespace();
    const { router } = openList('?checkout=cancelled');
    expect(
      await screen.findByText('Checkout cancelled. Nothing was charged and your plan is unchanged.'),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(window.localStorage.getItem(markerKey)).toBeNull();
    expect(screen.queryByText('Activating your subscription…')).not.toBeInTheDocument();
    expect(await upgradeButton()).toBeVisible();
  });
});

describe('account menu', () => {
  it('opens the hosted billing-details page', async () => {
    server.use(
      graphql.query('Namespaces', () => HttpResponse.json({ data: { namespaces: [shop] } })),
      http.post('/billing/information/update', () =>
        HttpResponse.json({ url: 'https://pay.example.com/billing/bp_1' }),
      ),
    );
    const { user } = openList();
    await user.click(await screen.findByRole('button', { name: 'Account of Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Update billing details' }));
    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/billing/bp_1'),
    );
  });
});
