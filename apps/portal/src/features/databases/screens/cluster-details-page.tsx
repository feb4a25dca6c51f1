import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { getRouteApi, linkOptions } from '@tanstack/react-router';
import { CopyableText } from '@/components/copyable-text.tsx';
import { ExternalAccessButton } from '@/components/external-access/external-access-button.tsx';
import { ExternalAccessPanel } from '@/components/external-access/external-access-panel.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { ResourceLayout } from '@/components/resource-layout.tsx';
import { Section } from '@/components/section.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { formatMonthlyPrice } from '@/lib/money.ts';
import { useClusterDetails, type ClusterAddress, type ClusterDetails } from '../api/get-cluster.ts';
import { useChangeClusterConnection } from '../api/modify-cluster.ts';
import { ClusterAdvisor } from '../components/cluster-advisor.tsx';
import { ClusterConnection } from '../components/cluster-connection.tsx';
import { ClusterDatabasesTable } from '../components/cluster-databases-table.tsx';
import { ClusterDeleteButton } from '../components/cluster-delete-button.tsx';
import { ClusterUnpaidAlert } from '../components/cluster-unpaid-alert.tsx';
import { ClusterUsersTable, isAdmin } from '../components/cluster-users-table.tsx';

const route = getRouteApi('/storage/databases/$namespaceName/$clusterName');

const engineNames: Record<string, string> = { postgresql: 'PostgreSQL', mysql: 'MySQL' };

/** `PostgreSQL 16 (16.10)`: the major version chosen, and the patch level it runs. */
export function engineText({ type, version, patchLevelVersion }: ClusterDetails['spec']): string {
  return `${engineNames[type.toLowerCase()] ?? type} ${version} (${patchLevelVersion})`;
}

function clusterFacts(cluster: ClusterDetails) {
  const { plan } = cluster;
  const { amount, currency } = plan.price;
  return [
    { term: 'State', value: <StateChip state={cluster.state} /> },
    { term: 'Engine', value: engineText(cluster.spec) },
    { term: 'Plan', value: `${plan.name} (${plan.group})` },
    {
      term: 'Size',
      value: `${plan.cpu} vCPU · ${plan.memory} GB memory · ${plan.storage} GB storage`,
    },
    {
      term: 'Replicas',
      value: plan.replicas > 1 ? `${plan.replicas}: a primary and ${plan.replicas - 1} standbys` : '1',
    },
    {
      term: 'Price',
      value: amount == null || !currency ? '—' : formatMonthlyPrice({ amountCents: amount, currency }),
    },
    { term: 'Host', value: <CopyableText text={cluster.hostname} label="Copy host" /> },
    { term: 'Port', value: <CopyableText text={String(cluster.port)} label="Copy port" /> },
  ];
}

/** Everything about one database cluster, and the changes made to its users and databases. */
export function ClusterDetailsPage() {
  const { namespaceName, clusterName } = route.useParams();
  const address = { namespace: namespaceName, name: clusterName };
  // Whose connection string the Connection section shows (the admin's until another is picked), and how
  // many times the page offered to reveal one.
  const [connectionUser, setConnectionUser] = useState<string | null>(null);
  const [revealOffers, setRevealOffers] = useState(0);
  const offerReveal = (user: string) => {
    setConnectionUser(user);
    setRevealOffers((count) => count + 1);
  };

  return (
    <ResourceLayout
      kind="database cluster"
      name={clusterName}
      namespaceName={namespaceName}
      list={linkOptions({ to: '/compute/serverless-containers/$namespaceName', params: { namespaceName } })}
      query={useClusterDetails(address)}
      actions={(cluster) => <ClusterDeleteButton cluster={address} disabled={cluster.locked} />}
    >
      {(cluster) => {
        const user =
          cluster.users.find((candidate) => candidate.name === connectionUser) ??
          cluster.users.find(isAdmin) ??
          cluster.users[0];
        return (
          <Stack spacing={3}>
            <ClusterUnpaidAlert cluster={cluster} />
            <Section title="Details">
              <FactsList facts={clusterFacts(cluster)} />
            </Section>
            <Section
              title="Users"
              description="The admin user comes with the cluster and owns every database; other users get the access you give them."
            >
              <ClusterUsersTable cluster={cluster} address={address} onOfferReveal={offerReveal} />
            </Section>
            <Section title="Databases">
              <ClusterDatabasesTable cluster={cluster} address={address} />
            </Section>
            {user && (
              <Section title="Connection">
                <ClusterConnection
                  cluster={cluster}
                  address={address}
                  user={user.name}
                  onUserChange={setConnectionUser}
                  offer={revealOffers}
                />
              </Section>
            )}
            <ClusterExternalAccess cluster={cluster} address={address} />
            <ClusterAdvisor cluster={cluster} address={address} />
          </Stack>
        );
      }}
    </ResourceLayout>
  );
}

/** The cluster's addresses on the internet, added and changed in a dialog (the modify mutation's patch). */
function ClusterExternalAccess({ cluster, address }: { cluster: ClusterDetails; address: ClusterAddress }) {
  const change = useChangeClusterConnection(address);
  return (
    <ExternalAccessPanel
      connection={cluster.externalConnection}
      noun="database cluster"
      action={
        <ExternalAccessButton
          target={{ kind: 'service', noun: 'database cluster', port: cluster.port }}
          connection={cluster.externalConnection}
          change={change}
          blockedReason={
            cluster.locked ? 'A change is being applied to this cluster. You can save once it is done.' : null
          }
        />
      }
    />
  );
}
