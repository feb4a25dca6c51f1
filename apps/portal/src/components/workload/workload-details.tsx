import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResourceColumn } from '../resource-table.tsx';
import { ResourceEvents, type ResourceEventsState } from '../resource-events.tsx';
import { TableSection } from '../table-section.tsx';
import { TruncatedName } from '../truncated-name.tsx';
import { joinArguments } from './command-line.ts';

// How the details pages of containers and jobs show what they have alike.

interface Variable {
  name: string;
  value?: string | null;
  secret: boolean;
}

interface Mount {
  path: string;
  volume: { name: string; size: number };
}

const monospace = { fontFamily: 'monospace' } as const;

const variableColumns: readonly ResourceColumn<Variable>[] = [
  {
    id: 'name',
    header: 'Name',
    // A name is one word: cut with the whole name on hover and focus rather than broken over two lines.
    cell: (variable) => (
      <Typography sx={monospace} variant="body2" component="div">
        <TruncatedName name={variable.name} />
      </Typography>
    ),
  },
  {
    id: 'value',
    header: 'Value',
    cell: (variable) =>
      variable.secret ? (
        <>
          <span aria-hidden="true">•••••••• </span>
          <Chip size="small" label="secret, hidden" variant="outlined" />
        </>
      ) : (
        <Typography sx={monospace} variant="body2">
          {variable.value}
        </Typography>
      ),
  },
];

const mountColumns: readonly ResourceColumn<Mount>[] = [
  {
    id: 'path',
    header: 'Path',
    cell: (mount) => (
      <Typography sx={monospace} variant="body2">
        {mount.path}
      </Typography>
    ),
  },
  { id: 'volume', header: 'Volume', cell: (mount) => `${mount.volume.name} (${mount.volume.size} GB)` },
];

/** Where the image comes from. */
export function registryText(registry: { name: string; source: string } | null | undefined): string {
  return registry ? `${registry.name} (${registry.source})` : 'None: a public image';
}

/** An entrypoint or command as one line, or that the image's own is used. */
export function ArgumentsText({ args }: { args: readonly string[] | null | undefined }) {
  return args?.length ? <code>{joinArguments(args)}</code> : <>As built into the image</>;
}

/** What a list shows when it is empty. */
export function None({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

// What each kind's overview says while no volume is mounted (what becomes of the files it writes), and while
// nothing has happened to it yet (what shows up in its events).
const emptyTexts = {
  container: {
    mounts: 'No volumes mounted: files written by the replicas are lost when they restart.',
    events: 'Deploys, replicas, scaling and changes appear here as they happen.',
  },
  job: {
    mounts: 'No volumes mounted: files written by a run are gone when it ends.',
    events: 'Runs starting and finishing, and changes, appear here as they happen.',
  },
};

/**
 * A container's or a job's overview: its own sections (`children`), then what every workload has, its
 * environment variables and volume mounts, and last what happened to it.
 */
export function WorkloadOverview({
  kind,
  workload,
  events,
  children,
}: {
  kind: keyof typeof emptyTexts;
  workload: { environmentVariables: readonly Variable[]; mounts: readonly Mount[] };
  /** Its Events section (WorkloadEvents), a component of its own so that its answers re-render it alone. */
  events: ReactNode;
  children: ReactNode;
}) {
  const empty = emptyTexts[kind];
  return (
    <Stack spacing={3}>
      {children}
      <TableSection
        title="Environment variables"
        columns={variableColumns}
        rows={workload.environmentVariables}
        rowKey={(variable) => variable.name}
        empty={<None>No environment variables.</None>}
      />
      <TableSection
        title="Volume mounts"
        columns={mountColumns}
        rows={workload.mounts}
        rowKey={(mount) => mount.path}
        empty={<None>{empty.mounts}</None>}
      />
      {events}
    </Stack>
  );
}

/** A workload's Events section, saying what shows up there while nothing has. */
export function WorkloadEvents({
  kind,
  ...props
}: {
  kind: keyof typeof emptyTexts;
  events: ResourceEventsState;
  /** When the overview last loaded the workload (its query's `dataUpdatedAt`). */
  resourceUpdatedAt: number;
}) {
  return <ResourceEvents {...props} empty={emptyTexts[kind].events} />;
}
