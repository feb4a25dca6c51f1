import { Outlet, useParams } from '@tanstack/react-router';
import { RouteTabs, type RouteTab } from '../../components/route-tabs.tsx';
import { paths } from '../../config/paths.ts';
import { NamespaceFrame } from '../../features/namespaces/routes/namespace-frame.tsx';

// The namespace's tab bar. Each feature that lives in a namespace (containers, jobs, registries,
// volumes, databases) adds its tab here, next to its route in the route table.
const namespaceTabs: readonly RouteTab[] = [{ label: 'Overview', to: paths.namespaces.details }];

export function NamespaceLayout() {
  const { namespaceName } = useParams({ from: '/compute/serverless-containers/$namespaceName' });
  return (
    <NamespaceFrame name={namespaceName}>
      <RouteTabs label="Namespace sections" tabs={namespaceTabs} params={{ namespaceName }} />
      <Outlet />
    </NamespaceFrame>
  );
}
