import { screen, within } from '@testing-library/react';
import { delay, graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlags, featureFlags, firstAnswerTimeoutMs, flagRefreshSeconds } from '../../src/lib/flags.ts';
import { account, namespaceWithContainers } from '../support/handlers.ts';
import { flagsOn, frontendApiUrl, type FlagsRequest } from '../support/flags.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// Flagged routes (SPEC §2 guard step 4): a route whose flag is off goes to not-allowed, and its navigation
// entry is left out; the flags come from the Unleash frontend API (/api/frontend) for the signed-in account.

// The client asks again every 15 s (setInterval): a test moves that clock on by hand.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The refresh the client makes every 15 s, and its answer's effect. */
async function nextRefresh() {
  await vi.advanceTimersByTimeAsync(flagRefreshSeconds * 1000);
}

const noChanges = graphql.query('AuditLog', () => HttpResponse.json({ data: { auditLogs: [] } }));

type User = ReturnType<typeof renderWithProviders>['user'];

/** Opens the navigation (a drawer: jsdom has the phone's layout) and finds its products' and account's parts. */
async function openNavigation(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
  return {
    products: await screen.findByRole('navigation', { name: 'Products' }),
    account: await screen.findByRole('navigation', { name: 'Account' }),
  };
}

describe('feature flags', () => {
  it('opens a flagged page while its flag is on, asking for the signed-in account’s flags', async () => {
    const seen: FlagsRequest[] = [];
    server.use(flagsOn(Object.values(featureFlags), seen), noChanges);
    const { user } = renderWithProviders({ path: '/account/audit-log' });
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const navigation = await openNavigation(user);
    expect(within(navigation.account).getByRole('link', { name: 'Audit log' })).toBeVisible();
    expect(within(navigation.products).getByRole('link', { name: 'Cloud databases' })).toBeVisible();
    expect(seen[0]).toEqual({
      authorization: 'default:development.berth-portal',
      context: expect.objectContaining({ appName: 'berth-portal', userId: account?.id }) as unknown,
    });
  });

  it('sends a page whose flag is off to not-allowed and leaves its navigation entry out', async () => {
    server.use(flagsOn([featureFlags.databaseClusters]));
    const { user } = renderWithProviders({ path: '/account/audit-log' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    const navigation = await openNavigation(user);
    expect(within(navigation.account).getByRole('link', { name: 'Billing' })).toBeVisible();
    expect(within(navigation.account).queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(within(navigation.products).getByRole('link', { name: 'Cloud databases' })).toBeVisible();
  });

  it('closes every page under /storage with its flag', async () => {
    server.use(flagsOn([featureFlags.auditLog]));
    const { user } = renderWithProviders({ path: '/storage/databases/new' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    const navigation = await openNavigation(user);
    expect(within(navigation.products).queryByRole('link', { name: 'Cloud databases' })).toBeNull();
    expect(within(navigation.account).getByRole('link', { name: 'Audit log' })).toBeVisible();
  });

  it('leaves a namespace’s Databases tab out while its flag is off', async () => {
    server.use(flagsOn([featureFlags.auditLog]), ...namespaceWithContainers('shop', []));
    renderWithProviders({ path: '/compute/serverless-containers/shop/containers' });
    const tabs = await screen.findByRole('tablist', { name: 'Namespace sections' });
    expect(within(tabs).getByRole('tab', { name: 'Volumes' })).toBeVisible();
    expect(within(tabs).queryByRole('tab', { name: 'Databases' })).toBeNull();
  });

  it('shows a namespace’s Databases tab while its flag is on', async () => {
    server.use(flagsOn(Object.values(featureFlags)), ...namespaceWithContainers('shop', []));
    renderWithProviders({ path: '/compute/serverless-containers/shop/containers' });
    const tabs = await screen.findByRole('tablist', { name: 'Namespace sections' });
    expect(await within(tabs).findByRole('tab', { name: 'Databases' })).toBeVisible();
  });

  it('sends the Databases tab’s address to not-allowed while its flag is off', async () => {
    server.use(flagsOn([featureFlags.auditLog]));
    renderWithProviders({ path: '/compute/serverless-containers/shop/databases' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
  });

  it('closes the open page at the next refresh after its flag went off, and opens it again once on', async () => {
    server.use(flagsOn(Object.values(featureFlags)), noChanges);
    const { router, user } = renderWithProviders({ path: '/account/audit-log' });
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    server.use(flagsOn([featureFlags.databaseClusters]));
    await nextRefresh();
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/not-allowed');
    const navigation = await openNavigation(user);
    expect(within(navigation.account).queryByRole('link', { name: 'Audit log' })).toBeNull();

    server.use(flagsOn(Object.values(featureFlags)));
    await nextRefresh();
    await user.click(await within(navigation.account).findByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  });

  it('leaves the pages without a flag open when the flags service fails, and closes the flagged ones', async () => {
    server.use(http.post(frontendApiUrl, () => HttpResponse.json({ error: 'down' }, { status: 502 })));
    const { router, user } = renderWithProviders({ path: '/welcome' });
    expect(await screen.findByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    const navigation = await openNavigation(user);
    expect(within(navigation.account).getByRole('link', { name: 'Billing' })).toBeVisible();
    expect(within(navigation.account).queryByRole('link', { name: 'Audit log' })).toBeNull();
    await user.keyboard('{Escape}');
    await router.navigate({ to: '/account/audit-log' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
  });
});

describe('flags client', () => {
  const serviceDown = http.post(frontendApiUrl, () => HttpResponse.error());

  it('goes on without the flags service after a moment when it does not answer, every flag off', async () => {
    server.use(http.post(frontendApiUrl, () => delay('infinite')));
    const flags = createFlags();
    const started = performance.now();
    await flags.settle('account-1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(firstAnswerTimeoutMs - 50);
    expect(performance.now() - started).toBeLessThan(firstAnswerTimeoutMs + 1000);
    expect(flags.isEnabled(featureFlags.auditLog)).toBe(false);
  });

  it('keeps the last answer this browser had while the flags service is down', async () => {
    server.use(flagsOn([featureFlags.auditLog]));
    const before = createFlags();
    await before.settle('account-1');

    server.use(serviceDown);
    const flags = createFlags();
    await flags.settle('account-1');
    expect(flags.isEnabled(featureFlags.auditLog)).toBe(true);
    expect(flags.isEnabled(featureFlags.databaseClusters)).toBe(false);

    const someoneElse = createFlags();
    await someoneElse.settle('account-2');
    expect(someoneElse.isEnabled(featureFlags.auditLog)).toBe(false);
  });

  it('asks again for another account’s flags', async () => {
    const seen: FlagsRequest[] = [];
    server.use(flagsOn([], seen));
    const flags = createFlags();
    await flags.settle('account-1');
    await flags.settle('account-1');
    await flags.settle('account-2');
    expect(seen.map((request) => request.context.userId)).toEqual(['account-1', 'account-2']);
  });
});
