import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CloudDatabasesLayout } from '@/features/databases/screens/cloud-databases-layout.tsx';
import { permissionsQueryOptions } from '@/lib/auth/queries.ts';
import { featureFlags } from '@/lib/flags.ts';

// The cloud databases' pages need their subscription (SPEC §2); without it the gate explains and offers it.
// The permissions it reads are known before it renders, and refreshed once stale.
export const Route = createFileRoute('/storage')({
  staticData: { title: null, subscriptionTag: 'cloud-database', featureFlag: featureFlags.databaseClusters },
  beforeLoad: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData({ ...permissionsQueryOptions(), revalidateIfStale: true });
  },
  component: () => (
    <CloudDatabasesLayout>
      <Outlet />
    </CloudDatabasesLayout>
  ),
});
