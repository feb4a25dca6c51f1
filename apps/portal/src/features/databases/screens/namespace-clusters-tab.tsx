import { mdiDatabaseOutline } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { namespaceClustersQueryOptions } from '../api/get-namespace-clusters.ts';
import { clusterColumns, clusterLink } from '../components/cluster-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/databases');

/** A namespace's Databases tab: its clusters, and the create page with the namespace chosen. */
export function NamespaceClustersTab() {
  const { namespaceName } = route.useParams();
  return (
    <ResourceListView
      label="Database clusters"
      query={namespaceClustersQueryOptions(namespaceName)}
      rowKey={(cluster) => cluster.id}
      rowName={(cluster) => cluster.name}
      rowLink={clusterLink}
      columns={clusterColumns({ withNamespace: false })}
      filter={{ label: 'State', value: (cluster) => cluster.state }}
      create={{
        label: 'Create a cloud database',
        link: { to: '/storage/databases/new', search: { namespace: namespaceName } },
      }}
      empty={{
        icon: mdiDatabaseOutline,
        title: 'No database clusters in this namespace',
        description:
          'A cluster runs PostgreSQL or MySQL beside the containers of this namespace, with its databases, users and connection strings.',
      }}
    />
  );
}
