import { describe, expect, it, vi } from 'vitest';
import { createGlobalGuard, type GuardDependencies } from '../../src/app/router/guard.ts';
import { documentTitle, resolveRouteMeta } from '../../src/app/router/route-meta.ts';
import type { Permissions } from '../../src/lib/auth/permissions.ts';

function dependencies(
  permissions: Permissions = { 'serverless-container': ['create-limited'] },
  overrides: Partial<GuardDependencies> = {},
) {
  return {
    loadAccount: vi.fn(async () => ({ id: '1' })),
    refreshPermissions: vi.fn(async () => permissions),
    settleFlags: vi.fn(async () => undefined),
    isFeatureEnabled: vi.fn(() => true),
    clearNamespaceCache: vi.fn(),
    setTitle: vi.fn(),
    ...overrides,
  } satisfies GuardDependencies;
}

const createLimited = { resource: 'serverless-container', scope: 'create-limited' } as const;

describe('global guard', () => {
  it('sets the title and loads the account before anything else', async () => {
    const deps = dependencies();
    const guard = createGlobalGuard(deps);
    await expect(guard({ meta: { title: 'Namespaces' }, namespaceName: undefined })).resolves.toBeNull();
    expect(deps.setTitle).toHaveBeenCalledWith('Namespaces | Berth');
    expect(deps.loadAccount).toHaveBeenCalledOnce();
    expect(deps.refreshPermissions).not.toHaveBeenCalled();
  });

  it('refreshes permissions for a protected route and lets a restricted customer in', async () => {
    const deps = dependencies();
    await expect(
      createGlobalGuard(deps)({
        meta: { title: 'Create namespace', security: createLimited },
        namespaceName: undefined,
      }),
    ).resolves.toBeNull();
    expect(deps.refreshPermissions).toHaveBeenCalledOnce();
  });

  it('lets a subscribed customer (create only) into a create-limited route', async () => {
    const guard = createGlobalGuard(dependencies({ 'serverless-container': ['create'] }));
    await expect(
      guard({ meta: { title: 'x', security: createLimited }, namespaceName: undefined }),
    ).resolves.toBeNull();
  });

  it('sends a customer without the permission (suspended) to /not-allowed', async () => {
    const guard = createGlobalGuard(dependencies({}));
    await expect(
      guard({ meta: { title: 'x', security: createLimited }, namespaceName: undefined }),
    ).resolves.toBe('/not-allowed');
  });

  it('does not let create-limited stand in for create', async () => {
    const guard = createGlobalGuard(dependencies());
    const meta = { title: 'x', security: { resource: 'serverless-container', scope: 'create' } } as const;
    await expect(guard({ meta, namespaceName: undefined })).resolves.toBe('/not-allowed');
  });

  it('sends a route behind a disabled feature flag to /not-allowed', async () => {
    const deps = dependencies(undefined, { isFeatureEnabled: (flag) => flag !== 'volumes' });
    const guard = createGlobalGuard(deps);
    await expect(
      guard({ meta: { title: 'x', featureFlag: 'volumes' }, namespaceName: undefined }),
    ).resolves.toBe('/not-allowed');
    await expect(
      guard({ meta: { title: 'x', featureFlag: 'registries' }, namespaceName: undefined }),
    ).resolves.toBeNull();
  });

  it('knows the account’s flags before it checks a flagged route', async () => {
    const steps: string[] = [];
    const deps = dependencies(undefined, {
      settleFlags: async (accountId) => {
        await Promise.resolve();
        steps.push(`flags of ${accountId}`);
      },
      isFeatureEnabled: (flag) => {
        steps.push(`check ${flag}`);
        return true;
      },
    });
    await createGlobalGuard(deps)({ meta: { title: 'x', featureFlag: 'volumes' }, namespaceName: undefined });
    expect(steps).toEqual(['flags of 1', 'check volumes']);
  });

  it('asks for the flags but does not wait for them on a route without one', async () => {
    const settleFlags = vi.fn(() => new Promise<void>(() => undefined));
    const guard = createGlobalGuard(dependencies(undefined, { settleFlags }));
    await expect(guard({ meta: { title: 'x' }, namespaceName: undefined })).resolves.toBeNull();
    expect(settleFlags).toHaveBeenCalledWith('1');
  });

  it('stops a flagged route when the account cannot be loaded; others leave that to the shell', async () => {
    const guard = createGlobalGuard(
      dependencies(undefined, { loadAccount: async () => Promise.reject(new Error('offline')) }),
    );
    await expect(
      guard({ meta: { title: 'x', featureFlag: 'audit-log' }, namespaceName: undefined }),
    ).rejects.toThrow('offline');
    await expect(guard({ meta: { title: 'x' }, namespaceName: undefined })).resolves.toBeNull();
  });

  it('asks the account and a protected route’s permissions at the same time, not one after the other', async () => {
    let answerAccount: (account: { id: string }) => void = () => undefined;
    const deps = dependencies(undefined, {
      loadAccount: vi.fn(() => new Promise<{ id: string }>((resolve) => (answerAccount = resolve))),
    });
    const guard = createGlobalGuard(deps);
    const result = guard({ meta: { title: 'x', security: createLimited }, namespaceName: undefined });
    expect(deps.loadAccount).toHaveBeenCalledOnce();
    expect(deps.refreshPermissions).toHaveBeenCalledOnce();
    // The route has no flag: it goes on with the account still on its way.
    await expect(result).resolves.toBeNull();
    answerAccount({ id: '1' });
  });

  it('clears the cached namespace when leaving it or switching to another, not while staying', async () => {
    const deps = dependencies();
    const guard = createGlobalGuard(deps);
    const visit = (namespaceName: string | undefined) => guard({ meta: { title: 'x' }, namespaceName });
    await visit('alpha');
    await visit('alpha');
    expect(deps.clearNamespaceCache).not.toHaveBeenCalled();
    await visit('beta');
    expect(deps.clearNamespaceCache).toHaveBeenLastCalledWith('alpha');
    await visit(undefined);
    expect(deps.clearNamespaceCache).toHaveBeenLastCalledWith('beta');
    expect(deps.clearNamespaceCache).toHaveBeenCalledTimes(2);
  });
});

describe('route table metadata', () => {
  it('takes the leaf title and inherits requirements from parent routes', () => {
    const meta = resolveRouteMeta([
      { title: null },
      { title: null, subscriptionTag: 'serverless-container' },
      { title: 'Namespaces', security: createLimited },
      { title: 'Create namespace', featureFlag: 'namespaces' },
    ]);
    expect(meta).toEqual({
      title: 'Create namespace',
      subscriptionTag: 'serverless-container',
      security: createLimited,
      featureFlag: 'namespaces',
    });
  });

  it('titles pages "<title> | Berth", or just "Berth"', () => {
    expect(documentTitle('Namespaces')).toBe('Namespaces | Berth');
    expect(documentTitle(null)).toBe('Berth');
  });
});
