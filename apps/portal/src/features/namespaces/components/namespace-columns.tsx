import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { TextLink } from '../../../components/router-links.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import type { NamespacesQuery } from '../../../gql/graphql.ts';
import { formatDateTime } from '../../../lib/format.ts';

export type NamespaceRow = NamespacesQuery['namespaces'][number];

// The namespace list is these columns: a count of databases joins as they reach the schema.
export const namespaceColumns: readonly ResourceColumn<NamespaceRow>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (namespace) => (
      <TextLink
        to={'/compute/serverless-containers/$namespaceName'}
        params={{ namespaceName: namespace.name }}
        sx={{ fontWeight: 600 }}
      >
        {namespace.name}
      </TextLink>
    ),
  },
  {
    id: 'description',
    header: 'Description',
    cell: (namespace) => namespace.description || '—',
    hideBelow: 'md',
  },
  { id: 'state', header: 'State', cell: (namespace) => <StateChip state={namespace.state} /> },
  {
    id: 'containers',
    header: 'Containers',
    align: 'right',
    cell: (namespace) => namespace.containers?.length ?? 0,
  },
  {
    id: 'container-jobs',
    header: 'Jobs',
    align: 'right',
    cell: (namespace) => namespace.containerJobs.length,
    hideBelow: 'sm',
  },
  {
    id: 'registries',
    header: 'Registries',
    align: 'right',
    cell: (namespace) => namespace.privateRegistries.length,
    hideBelow: 'md',
  },
  {
    id: 'volumes',
    header: 'Volumes',
    align: 'right',
    cell: (namespace) => namespace.volumes?.length ?? 0,
    hideBelow: 'sm',
  },
  {
    id: 'created',
    header: 'Created',
    cell: (namespace) => formatDateTime(namespace.createdAt),
    hideBelow: 'sm',
  },
];
