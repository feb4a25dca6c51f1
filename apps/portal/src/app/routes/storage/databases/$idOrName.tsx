import { createFileRoute } from '@tanstack/react-router';
import { ClusterLookupPage } from '@/features/databases/screens/cluster-lookup-page.tsx';
import { LegacyDatabasePage } from '@/features/databases/screens/legacy-database-page.tsx';

// One segment (SPEC §2): a numeric id is a legacy cloud database; anything else is the name of a cluster
// whose namespace was left out.
export const Route = createFileRoute('/storage/databases/$idOrName')({
  staticData: { title: 'Cloud database {idOrName}', breadcrumbs: [{ label: '{idOrName}' }] },
  component: DatabaseByIdOrName,
});

function DatabaseByIdOrName() {
  const { idOrName } = Route.useParams();
  return /^\d+$/.test(idOrName) ? (
    <LegacyDatabasePage key={idOrName} id={idOrName} />
  ) : (
    <ClusterLookupPage key={idOrName} name={idOrName} />
  );
}
