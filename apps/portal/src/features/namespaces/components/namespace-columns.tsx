import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import type { NamespacesQuery } from '../../../gql/graphql.ts';
import { formatDateTime } from '../../../lib/format.ts';

export type NamespaceRow = NamespacesQuery['namespaces'][number];

// The namespace list's columns after the name: a count of databases joins as they reach the schema.
export const namespaceColumns: readonly ResourceColumn<NamespaceRow>[] = [
  {
    id: 'description',
    header: 'Description',
    cell: (namespace) => namespace.description || '—',
    hideBelow: 'md',
  },
  {
    id: 'state',
    header: 'State',
    value: (namespace) => namespace.state,
    cell: (namespace) => <StateChip state={namespace.state} />,
  },
  {
    id: 'containers',
    value: (namespace) => namespace.containers?.length ?? 0,
    header: 'Containers',
    align: 'right',
    cell: (namespace) => namespace.containers?.length ?? 0,
  },
  {
    id: 'container-jobs',
    value: (namespace) => namespace.containerJobs.length,
    header: 'Jobs',
    align: 'right',
    cell: (namespace) => namespace.containerJobs.length,
    hideBelow: 'sm',
  },
  {
    id: 'registries',
    value: (namespace) => namespace.privateRegistries.length,
    header: 'Registries',
    align: 'right',
    cell: (namespace) => namespace.privateRegistries.length,
    hideBelow: 'md',
  },
  {
    id: 'volumes',
    value: (namespace) => namespace.volumes?.length ?? 0,
    header: 'Volumes',
    align: 'right',
    cell: (namespace) => namespace.volumes?.length ?? 0,
    hideBelow: 'sm',
  },
  {
    id: 'created',
    header: 'Created',
    value: (namespace) => namespace.createdAt,
    cell: (namespace) => formatDateTime(namespace.createdAt),
    hideBelow: 'sm',
  },
];
