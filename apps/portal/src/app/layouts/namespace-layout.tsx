import { getRouteApi, Outlet } from '@tanstack/react-router';
import { RouteTabs, type RouteTab } from '../../components/route-tabs.tsx';
import { NamespaceFrame } from '../../features/namespaces/screens/namespace-frame.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs');

// The namespace's tab bar (SPEC §2). Each feature that lives in a namespace adds its tab here, next to its
// route in the route table. Only the open tab's list is mounted, so a hidden tab makes no requests.
const namespaceTabs: readonly RouteTab[] = [
  { label: 'Containers', to: '/compute/serverless-containers/$namespaceName/containers' },
  { label: 'Container jobs', to: '/compute/serverless-containers/$namespaceName/container-jobs' },
  { label: 'Registries', to: '/compute/serverless-containers/$namespaceName/registries' },
  { label: 'Volumes', to: '/compute/serverless-containers/$namespaceName/volumes' },
  { label: 'Databases', to: '/compute/serverless-containers/$namespaceName/databases' },
];

export function NamespaceLayout() {
  const { namespaceName } = route.useParams();
  return (
    <NamespaceFrame name={namespaceName}>
      <RouteTabs label="Namespace sections" tabs={namespaceTabs} params={{ namespaceName }} />
      <Outlet />
    </NamespaceFrame>
  );
}
