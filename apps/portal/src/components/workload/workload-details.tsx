import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ResourceTable, type ResourceColumn } from '../resource-table.tsx';
import { Section } from '../section.tsx';
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

export function VariablesDetails({ variables }: { variables: readonly Variable[] }) {
  return (
    <Section title="Environment variables">
      <ResourceTable
        label="Environment variables"
        columns={variableColumns}
        rows={variables}
        rowKey={(variable) => variable.name}
        empty={<None>No environment variables.</None>}
      />
    </Section>
  );
}

export function MountsDetails({ mounts, empty }: { mounts: readonly Mount[]; empty: string }) {
  return (
    <Section title="Volume mounts">
      <ResourceTable
        label="Volume mounts"
        columns={mountColumns}
        rows={mounts}
        rowKey={(mount) => mount.path}
        empty={<None>{empty}</None>}
      />
    </Section>
  );
}
