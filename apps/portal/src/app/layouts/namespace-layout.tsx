import { Outlet, useParams } from '@tanstack/react-router';
import { RouteTabs, type RouteTab } from '../../components/route-tabs.tsx';
import { paths } from '../../config/paths.ts';
import { NamespaceFrame } from '../../features/namespaces/routes/namespace-frame.tsx';

// The namespace's tab bar (SPEC §2). Each feature that lives in a namespace adds its tab here, next to its
// route in the route table. Only the open tab's list is mounted, so a hidden tab makes no requests.
const namespaceTabs: readonly RouteTab[] = [
  { label: 'Containers', to: paths.namespaces.containers },
  { label: 'Container jobs', to: paths.namespaces.containerJobs },
  { label: 'Registries', to: paths.namespaces.registries },
  { label: 'Volumes', to: paths.namespaces.volumes },
];

export function NamespaceLayout() {
  const { namespaceName } = useParams({ from: '/compute/serverless-containers/$namespaceName' });
  return (
    <NamespaceFrame name={namespaceName}>
      <RouteTabs label="Namespace sections" tabs={namespaceTabs} params={{ namespaceName }} />
      <Outlet />
    </NamespaceFrame>
  );
}
