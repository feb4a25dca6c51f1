import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CloudDatabasesLayout } from '@/features/databases/screens/cloud-databases-layout.tsx';
import { permissionsQueryOptions } from '@/lib/auth/queries.ts';
import { featureFlags } from '@/lib/flags.ts';

// The list (index.tsx), the create page and the details of a cluster or a legacy database sit below it;
// every page below the list starts its breadcrumb trail here. They need the cloud-database subscription
// (SPEC §2); without it the gate explains and offers it. The permissions it reads are known before it renders,
// and refreshed once stale.
export const Route = createFileRoute('/storage/databases')({
  staticData: {
    title: null,
    breadcrumbs: [{ label: 'Cloud databases' }],
    subscriptionTag: 'cloud-database',
    featureFlag: featureFlags.databaseClusters,
  },
  beforeLoad: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData({ ...permissionsQueryOptions(), revalidateIfStale: true });
  },
  component: () => (
    <CloudDatabasesLayout>
      <Outlet />
    </CloudDatabasesLayout>
  ),
});
