import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiServerOff } from '@mdi/js';
import { useParams } from '@tanstack/react-router';
import { CopyableAddress } from '../../../components/copyable-address.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FactsList } from '../../../components/facts-list.tsx';
import { ResourceTable, type ResourceColumn } from '../../../components/resource-table.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useContainer, type ContainerDetails } from '../api/get-container.ts';
import { joinArguments } from '../components/command-line.ts';
import { replicaColumns } from '../components/replica-columns.tsx';
import { formatResources } from '../components/resources.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

type Ingress = ContainerDetails['ingresses'][number];
type Variable = ContainerDetails['environmentVariables'][number];
type Mount = ContainerDetails['mounts'][number];

const monospace = { fontFamily: 'monospace' } as const;

const ingressColumns: ResourceColumn<Ingress>[] = [
  {
    id: 'address',
    header: 'Address',
    cell: (ingress) => (
      <>
        <CopyableAddress url={ingress.url} />
        {!ingress.enableTLS && <Chip size="small" label="no TLS" variant="outlined" sx={{ mt: 0.5 }} />}
      </>
    ),
  },
  { id: 'port', header: 'Port', align: 'right', cell: (ingress) => ingress.port },
  {
    id: 'allowlist',
    header: 'Allowed IP addresses',
    hideBelow: 'sm',
    cell: (ingress) => (ingress.allowlist.length ? ingress.allowlist.join(', ') : 'Everyone'),
  },
];

const variableColumns: ResourceColumn<Variable>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (variable) => (
      <Typography sx={monospace} variant="body2">
        {variable.name}
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

const mountColumns: ResourceColumn<Mount>[] = [
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

function None({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

function scalingText(container: ContainerDetails): string {
  const auto = container.autoScaling;
  if (!auto)
    return `${container.numberOfReplicas} ${container.numberOfReplicas === 1 ? 'replica' : 'replicas'}, fixed`;
  const triggers = auto.triggers
    .map((trigger) => `${trigger.type.toLowerCase()} above ${trigger.threshold} %`)
    .join(' or ');
  return `Automatic, ${auto.replicas.minimum} to ${auto.replicas.maximum} replicas, scaling up at ${triggers}`;
}

/** Everything about the container at a glance; the layout around it has loaded it (same query). */
export function ContainerOverview() {
  const { namespaceName, containerName } = useParams({
    from: '/compute/serverless-containers/$namespaceName/container/$containerName',
  });
  const { data: container } = useContainer(namespaceName, containerName);
  if (!container) return null;

  const facts = [
    { term: 'State', value: <StateChip state={container.state} /> },
    { term: 'Replicas', value: `${container.availableReplicas} of ${container.numberOfReplicas} available` },
    { term: 'Image', value: container.image },
    {
      term: 'Registry',
      value: container.privateRegistry
        ? `${container.privateRegistry.name} (${container.privateRegistry.source})`
        : 'None: a public image',
    },
    { term: 'Size', value: `${formatResources(container.resources)} per replica` },
    { term: 'Ports', value: container.ports.length ? container.ports.join(', ') : '—' },
    {
      term: 'Entrypoint',
      value: container.entrypoint?.length ? (
        <code>{joinArguments(container.entrypoint)}</code>
      ) : (
        'As built into the image'
      ),
    },
    {
      term: 'Command',
      value: container.command?.length ? (
        <code>{joinArguments(container.command)}</code>
      ) : (
        'As built into the image'
      ),
    },
    {
      term: 'Health check',
      value: container.healthCheck
        ? `GET ${container.healthCheck.path} on port ${container.healthCheck.port}`
        : 'None',
    },
    { term: 'Scaling', value: scalingText(container) },
    { term: 'Created', value: formatDateTime(container.createdAt) },
    { term: 'Last modified', value: formatDateTime(container.modifiedAt) },
  ];

  return (
    <Stack spacing={3}>
      <Section title="Details">
        <FactsList facts={facts} />
      </Section>

      <Section title="Web addresses">
        <ResourceTable
          label="Web addresses"
          columns={ingressColumns}
          rows={container.ingresses}
          rowKey={(ingress) => ingress.id}
          empty={<None>No web addresses: the container is not reachable from the web.</None>}
        />
      </Section>

      <Section title="Replicas">
        <ResourceTable
          label="Replicas"
          columns={replicaColumns}
          rows={container.replicas}
          rowKey={(replica) => replica.name}
          empty={
            <EmptyState
              icon={mdiServerOff}
              title="No replicas running"
              description={
                container.locked
                  ? 'Replicas appear here as they start.'
                  : 'Scale the container up in Configure to start replicas.'
              }
            />
          }
        />
      </Section>

      <Section title="Environment variables">
        <ResourceTable
          label="Environment variables"
          columns={variableColumns}
          rows={container.environmentVariables}
          rowKey={(variable) => variable.id}
          empty={<None>No environment variables.</None>}
        />
      </Section>

      <Section title="Volume mounts">
        <ResourceTable
          label="Volume mounts"
          columns={mountColumns}
          rows={container.mounts}
          rowKey={(mount) => mount.path}
          empty={<None>No volumes mounted: files written by the replicas are lost when they restart.</None>}
        />
      </Section>
    </Stack>
  );
}
