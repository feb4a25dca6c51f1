import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiDatabaseOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/page-header.tsx';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { textColumn } from '@/components/text-column.ts';
import { clustersQueryOptions } from '../api/get-clusters.ts';
import { legacyDatabasesQueryOptions, type LegacyDatabaseRow } from '../api/get-legacy-databases.ts';
import { clusterColumns, clusterLink } from '../components/cluster-columns.tsx';

/** Cloud Database(s): the customer's clusters across namespaces, then their legacy databases if they have any. */
export function DatabasesPage() {
  return (
    <>
      <PageHeader
        title="Cloud databases"
        subtitle="Managed PostgreSQL and MySQL clusters, inside your namespaces."
      />
      <Stack spacing={4}>
        <ResourceListView
          label="Database clusters"
          query={clustersQueryOptions()}
          rowKey={(cluster) => cluster.id}
          rowName={(cluster) => cluster.name}
          rowLink={clusterLink}
          columns={clusterColumns({ withNamespace: true })}
          filter={{ label: 'State', value: (cluster) => cluster.state }}
          create={{ label: 'Create a cloud database', link: { to: '/storage/databases/new' } }}
          empty={{
            icon: mdiDatabaseOutline,
            title: 'No database clusters yet',
            description:
              'A cluster runs PostgreSQL or MySQL for the containers in a namespace, with its databases, users and connection strings.',
          }}
        />
        <LegacyDatabases />
      </Stack>
    </>
  );
}

const legacyColumns: readonly ResourceColumn<LegacyDatabaseRow>[] = [
  textColumn({ id: 'version', header: 'Version', text: (database) => database.version.name }),
  textColumn({
    id: 'node-type',
    header: 'Node type',
    hideBelow: 'md',
    text: (database) => database.nodeType.name,
  }),
  textColumn({
    id: 'location',
    header: 'Location',
    hideBelow: 'md',
    text: (database) => database.location.name,
  }),
  {
    id: 'state',
    header: 'State',
    value: (database) => database.state,
    cell: (database) => <StateChip state={database.state} />,
  },
];

/** The single-node databases of before clusters, shown only to a customer who still has some. */
function LegacyDatabases() {
  const query = legacyDatabasesQueryOptions();
  const { data, isSuccess, errorUpdateCount } = useQuery(query);
  // Shown once it has failed too, while it is tried again (the list says so, with a way to try again):
  // hiding it while pending would unmount the list, whose mounting fetches again, without end.
  if (isSuccess ? data.length === 0 : errorUpdateCount === 0) return null;
  return (
    <Stack component="section" aria-labelledby="legacy-databases" spacing={2}>
      <div>
        <Typography id="legacy-databases" variant="h6" component="h2">
          Single-node databases
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Databases created before clusters were offered. They keep running as they are.
        </Typography>
      </div>
      <ResourceListView
        label="Single-node databases"
        query={query}
        rowKey={(database) => database.id}
        rowName={(database) => database.name}
        rowLink={(database) => ({
          to: '/storage/databases/$idOrName',
          params: { idOrName: database.id },
        })}
        columns={legacyColumns}
        empty={{
          icon: mdiDatabaseOutline,
          title: 'No single-node databases',
          description: 'Your single-node databases have all been deleted.',
        }}
      />
    </Stack>
  );
}
