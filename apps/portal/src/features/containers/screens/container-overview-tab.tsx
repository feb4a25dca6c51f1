import Chip from '@mui/material/Chip';
import { mdiServerOff } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { CopyableAddress } from '@/components/copyable-address.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ExternalAccessPanel } from '@/components/external-access/external-access-panel.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { Section } from '@/components/section.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { TableSection } from '@/components/table-section.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useContainer, type ContainerDetails } from '../api/get-container.ts';
import { useContainerEvents } from '../api/get-container-events.ts';
import { useDefaultContainerAddress } from '../api/get-default-address.ts';
import { formatResources } from '@/components/workload/resources.ts';
import {
  ArgumentsText,
  None,
  registryText,
  WorkloadEvents,
  WorkloadOverview,
} from '@/components/workload/workload-details.tsx';
import { DnsRecord } from '../components/dns-record.tsx';
import { imagesDiffer, replicaColumns } from '../components/replica-columns.tsx';
import { replicaSummary } from '../components/replica-summary.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container/$containerName/overview');

type Ingress = ContainerDetails['ingresses'][number];

/** The addresses table; a custom domain shows the DNS record it needs, to `defaultHost` once known. */
const ingressColumns = (defaultHost: string | undefined): ResourceColumn<Ingress>[] => [
  {
    id: 'address',
    header: 'Address',
    cell: (ingress) => (
      <>
        <CopyableAddress url={ingress.url} />
        {!ingress.enableTLS && <Chip size="small" label="no TLS" variant="outlined" sx={{ mt: 0.5 }} />}
        {defaultHost && ingress.domainName !== defaultHost && (
          <DnsRecord domain={ingress.domainName} target={defaultHost} />
        )}
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

function scalingText(container: ContainerDetails): string {
  const auto = container.autoScaling;
  if (!auto)
    return `${container.numberOfReplicas} ${container.numberOfReplicas === 1 ? 'replica' : 'replicas'}, fixed`;
  const triggers = auto.triggers
    .map((trigger) => `${trigger.type.toLowerCase()} above ${trigger.threshold} %`)
    .join(' or ');
  return `Automatic, ${auto.replicas.minimum} to ${auto.replicas.maximum} replicas, scaling up at ${triggers}`;
}

// The overview's sections that ask for more than the container each ask in a component of their own: an answer
// re-renders its section, not the whole overview.

/** The addresses table; a custom domain's DNS record points at the default address once that is known. */
function WebAddresses({ ingresses }: { ingresses: readonly Ingress[] }) {
  const { namespaceName, containerName } = route.useParams();
  const defaultHost = useDefaultContainerAddress(namespaceName, containerName);
  return (
    <TableSection
      title="Web addresses"
      columns={ingressColumns(defaultHost)}
      rows={ingresses}
      rowKey={(ingress) => ingress.id}
      empty={<None>No web addresses: the container is not reachable from the web.</None>}
    />
  );
}

function ContainerEvents({ resourceUpdatedAt }: { resourceUpdatedAt: number }) {
  const { namespaceName, containerName } = route.useParams();
  const events = useContainerEvents(namespaceName, containerName);
  return <WorkloadEvents kind="container" events={events} resourceUpdatedAt={resourceUpdatedAt} />;
}

/** Everything about the container at a glance; the layout around it has loaded it (same query). */
export function ContainerOverviewTab() {
  const { namespaceName, containerName } = route.useParams();
  const { data: container, dataUpdatedAt } = useContainer(namespaceName, containerName);
  if (!container) return null;

  const facts = [
    { term: 'State', value: <StateChip state={container.state} /> },
    { term: 'Replicas', value: replicaSummary(container) },
    { term: 'Image', value: container.image },
    { term: 'Registry', value: registryText(container.privateRegistry) },
    { term: 'Size', value: `${formatResources(container.resources)} per replica` },
    { term: 'Ports', value: container.ports.length ? container.ports.join(', ') : '—' },
    { term: 'Entrypoint', value: <ArgumentsText args={container.entrypoint} /> },
    { term: 'Command', value: <ArgumentsText args={container.command} /> },
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
    <WorkloadOverview
      kind="container"
      workload={container}
      events={<ContainerEvents resourceUpdatedAt={dataUpdatedAt} />}
    >
      <Section title="Details">
        <FactsList facts={facts} />
      </Section>

      <WebAddresses ingresses={container.ingresses} />

      <ExternalAccessPanel
        connection={container.externalConnection}
        noun="container"
        action={
          <ButtonLink
            to="/compute/serverless-containers/$namespaceName/container/$containerName/configure"
            params={{ namespaceName, containerName }}
            variant="outlined"
          >
            {container.externalConnection ? 'Change external access' : 'Add external access'}
          </ButtonLink>
        }
      />

      <TableSection
        title="Replicas"
        columns={replicaColumns(imagesDiffer(container))}
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
    </WorkloadOverview>
  );
}
