import { mdiDatabaseOutline } from '@mdi/js';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** Cloud databases are not offered by the platform API yet (API.md lists them as later work). */
export function DatabasesPage() {
  return (
    <>
      <PageHeader title="Cloud databases" subtitle="Managed database clusters, inside your namespaces." />
      <EmptyState
        icon={mdiDatabaseOutline}
        title="Cloud databases are not available on your account yet"
        description="When managed database clusters open up for your account, you will create and manage them here."
      />
    </>
  );
}
