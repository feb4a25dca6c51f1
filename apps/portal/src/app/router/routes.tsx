import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { paths } from '../../config/paths.ts';
import { accessStatus, mayCreate } from '../../lib/auth/access.ts';
import { permissionsQueryOptions } from '../../lib/auth/queries.ts';
import { GraphQLRequestError } from '../../lib/graphql/errors.ts';
import { namespaceByIdQueryOptions } from '../../features/namespaces/api/get-namespace-by-id.ts';
import { namespaceNamesQueryOptions } from '../../features/namespaces/api/get-namespace-names.ts';
import { AppShell } from '../layouts/app-shell.tsx';
import { AccountLoadError, AccountLoading } from '../layouts/account-loading.tsx';
import type { GlobalGuard } from './guard.ts';
import { resolveRouteMeta } from './route-meta.ts';

export interface RouterContext {
  queryClient: QueryClient;
  guard: GlobalGuard;
}

// Namespace names in addresses: letters, digits, hyphen and underscore (SPEC §2).
const namespaceNamePattern = /^[A-Za-z0-9_-]+$/;

const rootRoute = createRootRouteWithContext<RouterContext>()({
  staticData: { title: null },
  beforeLoad: async ({ matches, cause, context }) => {
    if (cause === 'preload') return;
    const leafParams: { namespaceName?: string } = matches.at(-1)?.params ?? {};
    const redirectTo = await context.guard({
      meta: resolveRouteMeta(matches.map((match) => match.staticData)),
      namespaceName: leafParams.namespaceName,
    });
    if (redirectTo) throw redirect({ to: redirectTo, replace: true });
  },
  component: AppShell,
  pendingComponent: AccountLoading,
  errorComponent: AccountLoadError,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: null },
  beforeLoad: () => {
    throw redirect({ to: paths.welcome, replace: true });
  },
});

const welcomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'welcome',
  staticData: { title: 'Welcome to the product' },
  component: lazyRouteComponent(() => import('../pages/welcome-page.tsx'), 'WelcomePage'),
});

const notAllowedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'not-allowed',
  staticData: { title: 'Not allowed' },
  component: lazyRouteComponent(() => import('../pages/not-allowed-page.tsx'), 'NotAllowedPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'not-found',
  staticData: { title: 'Not found' },
  component: lazyRouteComponent(() => import('../pages/not-found-page.tsx'), 'NotFoundPage'),
});

// Only a signed-in customer reaches the router: the session starts registration for everyone else
// before the portal renders (lib/auth/session.ts).
const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  staticData: { title: 'Register' },
  beforeLoad: () => {
    throw redirect({ to: paths.home, replace: true });
  },
});

const computeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'compute',
  staticData: { title: null, subscriptionTag: 'serverless-container' },
});

const computeIndexRoute = createRoute({
  getParentRoute: () => computeRoute,
  path: '/',
  staticData: { title: null },
  beforeLoad: () => {
    throw redirect({ to: paths.namespaces.list, replace: true });
  },
});

const namespacesRoute = createRoute({
  getParentRoute: () => computeRoute,
  path: 'serverless-containers',
  staticData: { title: 'Namespaces' },
});

const namespaceListRoute = createRoute({
  getParentRoute: () => namespacesRoute,
  path: '/',
  staticData: { title: 'Namespaces' },
  component: lazyRouteComponent(
    () => import('../../features/namespaces/routes/namespace-list-page.tsx'),
    'NamespaceListPage',
  ),
});

const createNamespaceRoute = createRoute({
  getParentRoute: () => namespacesRoute,
  path: 'new',
  staticData: {
    title: 'Create namespace',
    security: { resource: 'serverless-container', scope: 'create-limited' },
  },
  // A restricted customer may create only the first namespace; with one already, back to the list.
  beforeLoad: async ({ context: { queryClient } }) => {
    const access = accessStatus(await queryClient.ensureQueryData(permissionsQueryOptions()));
    if (access.fullAccess) return;
    const namespaces = await queryClient.fetchQuery(namespaceNamesQueryOptions());
    if (!mayCreate(access, namespaces.length)) throw redirect({ to: paths.namespaces.list, replace: true });
  },
  component: lazyRouteComponent(
    () => import('../../features/namespaces/routes/create-namespace-page.tsx'),
    'CreateNamespacePage',
  ),
});

// Legacy addresses: prefix/namespace, prefix/namespace/{id}, prefix/namespace/{name}/{id}.
const legacyNamespaceRoute = createRoute({
  getParentRoute: () => namespacesRoute,
  path: 'namespace',
  staticData: { title: 'Namespaces' },
});

const legacyNamespaceListRoute = createRoute({
  getParentRoute: () => legacyNamespaceRoute,
  path: '/',
  staticData: { title: 'Namespaces' },
  beforeLoad: () => {
    throw redirect({ to: paths.namespaces.list, replace: true });
  },
});

const legacyNamespaceByIdRoute = createRoute({
  getParentRoute: () => legacyNamespaceRoute,
  path: '$namespaceId',
  staticData: { title: 'Namespace' },
  beforeLoad: async ({ params, context: { queryClient } }) => {
    const namespace = await queryClient
      .fetchQuery(namespaceByIdQueryOptions(params.namespaceId))
      .catch((error: unknown) => {
        if (error instanceof GraphQLRequestError && error.hasCode('NOT_FOUND')) return null;
        throw error;
      });
    if (!namespace) throw redirect({ to: paths.notFound, replace: true });
    throw redirect({
      to: paths.namespaces.details,
      params: { namespaceName: namespace.name },
      replace: true,
    });
  },
});

const legacyNamespaceByNameRoute = createRoute({
  getParentRoute: () => legacyNamespaceRoute,
  path: '$legacyName/$namespaceId',
  staticData: { title: 'Namespace' },
  beforeLoad: ({ params }) => {
    throw redirect({
      to: paths.namespaces.details,
      params: { namespaceName: params.legacyName },
      replace: true,
    });
  },
});

const namespaceRoute = createRoute({
  getParentRoute: () => namespacesRoute,
  path: '$namespaceName',
  staticData: { title: 'Namespace' },
  beforeLoad: ({ params }) => {
    if (!namespaceNamePattern.test(params.namespaceName))
      throw redirect({ to: paths.notFound, replace: true });
  },
});

// The namespace page: its heading and tabs around the list of each kind of resource it holds. Every tab
// keeps the page's title, Namespace.
const namespaceTabsRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  id: 'tabs',
  staticData: { title: 'Namespace' },
  component: lazyRouteComponent(() => import('../layouts/namespace-layout.tsx'), 'NamespaceLayout'),
});

const namespaceIndexRoute = createRoute({
  getParentRoute: () => namespaceTabsRoute,
  path: '/',
  staticData: { title: 'Namespace' },
  beforeLoad: ({ params }) => {
    throw redirect({ to: paths.namespaces.containers, params, replace: true });
  },
});

const containersTabRoute = createRoute({
  getParentRoute: () => namespaceTabsRoute,
  path: 'containers',
  staticData: { title: 'Namespace' },
  component: lazyRouteComponent(
    () => import('../../features/containers/routes/containers-tab.tsx'),
    'ContainersTab',
  ),
});

const containerJobsTabRoute = createRoute({
  getParentRoute: () => namespaceTabsRoute,
  path: 'container-jobs',
  staticData: { title: 'Namespace' },
  component: lazyRouteComponent(
    () => import('../../features/container-jobs/routes/container-jobs-tab.tsx'),
    'ContainerJobsTab',
  ),
});

const registriesTabRoute = createRoute({
  getParentRoute: () => namespaceTabsRoute,
  path: 'registries',
  staticData: { title: 'Namespace' },
  component: lazyRouteComponent(
    () => import('../../features/registries/routes/registries-tab.tsx'),
    'RegistriesTab',
  ),
});

const volumesTabRoute = createRoute({
  getParentRoute: () => namespaceTabsRoute,
  path: 'volumes',
  staticData: { title: 'Namespace' },
  component: lazyRouteComponent(() => import('../../features/volumes/routes/volumes-tab.tsx'), 'VolumesTab'),
});

/**
 * SPEC §2 for creating the first of a kind in a namespace: full access, or restricted access while the
 * namespace holds none of that kind; otherwise back to the namespace's list of them. `loadNames` brings the
 * query of the names that are there (a chunk of its own, loaded only for a restricted customer).
 */
function firstOfKindGuard<TNames extends readonly unknown[], TKey extends QueryKey>(
  loadNames: () => Promise<(namespace: string) => FetchQueryOptions<TNames, Error, TNames, TKey>>,
  listTo: typeof paths.namespaces.containers | typeof paths.namespaces.containerJobs,
) {
  return async ({
    params,
    context: { queryClient },
  }: {
    params: { namespaceName: string };
    context: RouterContext;
  }) => {
    const access = accessStatus(await queryClient.ensureQueryData(permissionsQueryOptions()));
    if (access.fullAccess) return;
    const namesQueryOptions = await loadNames();
    const existing = await queryClient
      .fetchQuery(namesQueryOptions(params.namespaceName))
      .catch((error: unknown) => {
        if (error instanceof GraphQLRequestError && error.hasCode('NOT_FOUND')) return null;
        throw error;
      });
    if (!existing || !mayCreate(access, existing.length))
      throw redirect({ to: listTo, params, replace: true });
  };
}

const createContainerRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'container/new',
  staticData: {
    title: 'Create container',
    security: { resource: 'serverless-container', scope: 'create-limited' },
  },
  beforeLoad: firstOfKindGuard(
    async () =>
      (await import('../../features/containers/api/get-container-names.ts')).containerNamesQueryOptions,
    paths.namespaces.containers,
  ),
  component: lazyRouteComponent(
    () => import('../../features/containers/routes/create-container-page.tsx'),
    'CreateContainerPage',
  ),
});

const containerRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'container/$containerName',
  staticData: { title: 'Container' },
  component: lazyRouteComponent(
    () => import('../../features/containers/routes/container-layout.tsx'),
    'ContainerLayout',
  ),
});

const containerIndexRoute = createRoute({
  getParentRoute: () => containerRoute,
  path: '/',
  staticData: { title: 'Container' },
  beforeLoad: ({ params }) => {
    throw redirect({ to: paths.containers.overview, params, replace: true });
  },
});

const containerOverviewRoute = createRoute({
  getParentRoute: () => containerRoute,
  path: 'overview',
  staticData: { title: 'Container' },
  component: lazyRouteComponent(
    () => import('../../features/containers/routes/container-overview.tsx'),
    'ContainerOverview',
  ),
});

const configureContainerRoute = createRoute({
  getParentRoute: () => containerRoute,
  path: 'configure',
  staticData: { title: 'Configure container' },
  component: lazyRouteComponent(
    () => import('../../features/containers/routes/configure-container.tsx'),
    'ConfigureContainer',
  ),
});

const createContainerJobRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'container-job/new',
  staticData: {
    title: 'Create container job',
    security: { resource: 'serverless-container', scope: 'create-limited' },
  },
  beforeLoad: firstOfKindGuard(
    async () =>
      (await import('../../features/container-jobs/api/get-container-job-names.ts'))
        .containerJobNamesQueryOptions,
    paths.namespaces.containerJobs,
  ),
  component: lazyRouteComponent(
    () => import('../../features/container-jobs/routes/create-job-page.tsx'),
    'CreateJobPage',
  ),
});

const containerJobRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'container-job/$containerJobName',
  staticData: { title: 'Container job' },
  component: lazyRouteComponent(
    () => import('../../features/container-jobs/routes/job-layout.tsx'),
    'JobLayout',
  ),
});

const containerJobIndexRoute = createRoute({
  getParentRoute: () => containerJobRoute,
  path: '/',
  staticData: { title: 'Container job' },
  beforeLoad: ({ params }) => {
    throw redirect({ to: paths.containerJobs.overview, params, replace: true });
  },
});

const containerJobOverviewRoute = createRoute({
  getParentRoute: () => containerJobRoute,
  path: 'overview',
  staticData: { title: 'Container job' },
  component: lazyRouteComponent(
    () => import('../../features/container-jobs/routes/job-overview.tsx'),
    'JobOverview',
  ),
});

const configureContainerJobRoute = createRoute({
  getParentRoute: () => containerJobRoute,
  path: 'configure',
  staticData: { title: 'Configure container job' },
  component: lazyRouteComponent(
    () => import('../../features/container-jobs/routes/configure-job.tsx'),
    'ConfigureJob',
  ),
});

const createRegistryRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'registries/new',
  staticData: { title: 'Add registry' },
  component: lazyRouteComponent(
    () => import('../../features/registries/routes/create-registry-page.tsx'),
    'CreateRegistryPage',
  ),
});

const createVolumeRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'volumes/new',
  staticData: { title: 'Create volume' },
  component: lazyRouteComponent(
    () => import('../../features/volumes/routes/create-volume-page.tsx'),
    'CreateVolumePage',
  ),
});

const resizeVolumeRoute = createRoute({
  getParentRoute: () => namespaceRoute,
  path: 'volumes/$volumeName/resize',
  staticData: { title: 'Resize volume' },
  component: lazyRouteComponent(
    () => import('../../features/volumes/routes/resize-volume-page.tsx'),
    'ResizeVolumePage',
  ),
});

const storageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'storage',
  staticData: { title: null, subscriptionTag: 'cloud-database' },
});

const storageIndexRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: '/',
  staticData: { title: null },
  beforeLoad: () => {
    throw redirect({ to: paths.databases, replace: true });
  },
});

const databasesRoute = createRoute({
  getParentRoute: () => storageRoute,
  path: 'databases',
  staticData: { title: 'Cloud Database(s)' },
  component: lazyRouteComponent(
    () => import('../../features/databases/routes/databases-page.tsx'),
    'DatabasesPage',
  ),
});

// Anything no route claims.
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { title: 'Not found' },
  beforeLoad: () => {
    throw redirect({ to: paths.notFound, replace: true });
  },
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  welcomeRoute,
  notAllowedRoute,
  notFoundRoute,
  registerRoute,
  computeRoute.addChildren([
    computeIndexRoute,
    namespacesRoute.addChildren([
      namespaceListRoute,
      createNamespaceRoute,
      legacyNamespaceRoute.addChildren([
        legacyNamespaceListRoute,
        legacyNamespaceByIdRoute,
        legacyNamespaceByNameRoute,
      ]),
      namespaceRoute.addChildren([
        namespaceTabsRoute.addChildren([
          namespaceIndexRoute,
          containersTabRoute,
          containerJobsTabRoute,
          registriesTabRoute,
          volumesTabRoute,
        ]),
        createContainerRoute,
        containerRoute.addChildren([containerIndexRoute, containerOverviewRoute, configureContainerRoute]),
        createContainerJobRoute,
        containerJobRoute.addChildren([
          containerJobIndexRoute,
          containerJobOverviewRoute,
          configureContainerJobRoute,
        ]),
        createRegistryRoute,
        createVolumeRoute,
        resizeVolumeRoute,
      ]),
    ]),
  ]),
  storageRoute.addChildren([storageIndexRoute, databasesRoute]),
  unknownRoute,
]);
