import { getRouteApi, Outlet, useRouteContext } from '@tanstack/react-router';
import { RouteTabs, type RouteTab } from '../../components/route-tabs.tsx';
import { NamespaceDetailsLayout } from '../../features/namespaces/screens/namespace-details-layout.tsx';
import { featureFlags, useEnabledFlags } from '../../lib/flags.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs');

// The namespace's tab bar (SPEC §2). Each feature that lives in a namespace adds its tab here, next to its
// route in the route table. Only the open tab's list is mounted, so a hidden tab makes no requests. A tab with a
// feature flag shows while the flag is on (its route declares the flag too).
const namespaceTabs: readonly (RouteTab & { featureFlag?: string })[] = [
  { label: 'Containers', to: '/compute/serverless-containers/$namespaceName/containers' },
  { label: 'Container jobs', to: '/compute/serverless-containers/$namespaceName/container-jobs' },
  { label: 'Registries', to: '/compute/serverless-containers/$namespaceName/registries' },
  { label: 'Volumes', to: '/compute/serverless-containers/$namespaceName/volumes' },
  {
    label: 'Databases',
    to: '/compute/serverless-containers/$namespaceName/databases',
    featureFlag: featureFlags.databaseClusters,
  },
  { label: 'Message queues', to: '/compute/serverless-containers/$namespaceName/message-queues' },
];

export function NamespaceLayout() {
  const { namespaceName } = route.useParams();
  const flagsOn = useEnabledFlags(useRouteContext({ from: '__root__', select: (context) => context.flags }));
  const tabs = namespaceTabs.filter((tab) => !tab.featureFlag || flagsOn.has(tab.featureFlag));
  return (
    <NamespaceDetailsLayout name={namespaceName}>
      <RouteTabs label="Namespace sections" tabs={tabs} params={{ namespaceName }} />
      <Outlet />
    </NamespaceDetailsLayout>
  );
}
