import Box from '@mui/material/Box';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import type { NamespacesQuery } from '@/gql/graphql.ts';
import { formatDateTime } from '@/lib/format.ts';

export type NamespaceRow = NamespacesQuery['namespaces'][number];

/** What a namespace holds, kind by kind: [count, singular, plural]. */
function contents(namespace: NamespaceRow): [number, string, string][] {
  return [
    [namespace.containers?.length ?? 0, 'container', 'containers'],
    [namespace.containerJobs.length, 'job', 'jobs'],
    [namespace.privateRegistries.length, 'registry', 'registries'],
    [namespace.volumes?.length ?? 0, 'volume', 'volumes'],
  ];
}

/**
 * The kinds a namespace holds, in one column rather than one per kind, so the name keeps its room: each kind
 * on one line, wrapping between kinds where the column is narrow.
 */
function ContentsText({ namespace }: { namespace: NamespaceRow }) {
  const held = contents(namespace).filter(([count]) => count > 0);
  if (held.length === 0) return <Box sx={{ color: 'text.secondary' }}>Empty</Box>;
  return (
    <Box
      component="ul"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, m: 0, p: 0, listStyle: 'none' }}
    >
      {held.map(([count, singular, plural]) => (
        <Box component="li" key={singular} sx={{ whiteSpace: 'nowrap' }}>
          {count} {count === 1 ? singular : plural}
        </Box>
      ))}
    </Box>
  );
}

// The namespace list's columns after the name: databases join the contents as they reach the schema.
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
    id: 'contents',
    header: 'Contents',
    value: (namespace) => contents(namespace).reduce((total, [count]) => total + count, 0),
    cell: (namespace) => <ContentsText namespace={namespace} />,
    hideBelow: 'sm',
  },
  {
    id: 'created',
    header: 'Created',
    value: (namespace) => namespace.createdAt,
    cell: (namespace) => formatDateTime(namespace.createdAt),
    hideBelow: 'lg',
  },
];
