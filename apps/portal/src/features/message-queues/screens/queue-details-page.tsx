import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getRouteApi, linkOptions } from '@tanstack/react-router';
import { CopyableAddress } from '@/components/copyable-address.tsx';
import { CopyableText } from '@/components/copyable-text.tsx';
import { ExternalAccessButton } from '@/components/external-access/external-access-button.tsx';
import { ExternalAccessPanel } from '@/components/external-access/external-access-panel.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { UnpaidPlanAlert } from '@/components/planned-resource/unpaid-plan-alert.tsx';
import { planMonthlyPrice } from '@/components/pricing/plan-text.ts';
import { ResourceEvents } from '@/components/resource-events.tsx';
import { ResourceLayout } from '@/components/resource-layout.tsx';
import { Section } from '@/components/section.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { formatMonthlyPrice } from '@/lib/money.ts';
import { useQueueDetails, type QueueAddress, type QueueDetails } from '../api/get-queue.ts';
import { useQueueEvents } from '../api/get-queue-events.ts';
import { useChangeQueueConnection } from '../api/modify-queue.ts';
import { QueueAdminUser } from '../components/queue-admin-user.tsx';
import { QueueAllowlist } from '../components/queue-allowlist.tsx';
import { QueueDeleteButton } from '../components/queue-delete-button.tsx';
import { benchmarkText, brokerLabel } from '../components/queue-offer.ts';

const route = getRouteApi('/storage/message-queues/$namespaceName/$queueName');

function queueFacts(queue: QueueDetails) {
  const { plan } = queue;
  const price = planMonthlyPrice(plan);
  return [
    {
      term: 'State',
      value: (
        <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
          <StateChip state={queue.state} />
          {queue.locked && (
            <Typography component="span" variant="body2" color="text.secondary">
              being changed
            </Typography>
          )}
        </Stack>
      ),
    },
    { term: 'Broker', value: `${brokerLabel(queue.spec)} (${queue.spec.patchLevelVersion})` },
    { term: 'Plan', value: `${plan.name} (${plan.group})` },
    {
      term: 'Size',
      value: `${plan.cpu} vCPU · ${plan.memory} GB memory · ${plan.storage} GB storage${plan.replicas > 1 ? ' per broker' : ''}`,
    },
    {
      term: 'Replicas',
      value: plan.replicas > 1 ? `${plan.replicas}: a cluster of ${plan.replicas} brokers` : '1',
    },
    ...(plan.benchmark ? [{ term: 'Sustains', value: `${benchmarkText(plan.benchmark)} per broker` }] : []),
    { term: 'Price', value: price ? formatMonthlyPrice(price) : '—' },
    { term: 'Created', value: formatDateTime(queue.createdAt) },
  ];
}

function connectionFacts(queue: QueueDetails) {
  const { ingress } = queue;
  return [
    { term: 'Host', value: <CopyableText text={ingress.domainName} label="Copy host" /> },
    { term: 'AMQP port', value: <CopyableText text={String(queue.amqpPort)} label="Copy AMQP port" /> },
    { term: 'TLS', value: ingress.tlsEnabled ? 'On (amqps)' : 'Off (amqp)' },
    ...(queue.adminUser
      ? [
          {
            term: 'AMQP address',
            value: <CopyableText text={queue.adminUser.dsn} label="Copy AMQP address" code />,
          },
        ]
      : []),
    { term: 'Management', value: <CopyableAddress url={queue.managementUrl} /> },
  ];
}

/** When the queue was stopped because its plan is not paid: its newest such event, when among the recent ones. */
const stoppedAtOf = (events: readonly { type: string; occurredAt: string }[] | undefined) =>
  events?.find((event) => event.type === 'STOPPED_UNPAID')?.occurredAt ?? null;

/** Everything about one message queue: how to connect, its admin user, who may connect, and what happened. */
export function QueueDetailsPage() {
  const { namespaceName, queueName } = route.useParams();
  const address: QueueAddress = { namespace: namespaceName, name: queueName };
  const query = useQueueDetails(address);
  const events = useQueueEvents(address);
  // How many times the page offered to reveal the admin's new password.
  const [revealOffers, setRevealOffers] = useState(0);

  return (
    <ResourceLayout
      kind="message queue"
      name={queueName}
      namespaceName={namespaceName}
      list={linkOptions({
        to: '/compute/serverless-containers/$namespaceName/message-queues',
        params: { namespaceName },
      })}
      query={query}
      actions={(queue) => <QueueDeleteButton queue={address} disabled={queue.locked} />}
    >
      {(queue) => (
        <Stack spacing={3}>
          <UnpaidPlanAlert
            kind="message-queue"
            resource={queue}
            stoppedAt={stoppedAtOf(events.query.data?.pages.flat())}
          />
          <Section title="Details">
            <FactsList facts={queueFacts(queue)} />
          </Section>
          <Section
            title="Connection"
            description="The AMQP address has no password: reveal the admin user's below. The management UI signs in with the same user."
          >
            <FactsList facts={connectionFacts(queue)} />
          </Section>
          {queue.adminUser && (
            <Section
              title="Admin user"
              description="Comes with the queue and may do anything on it; it cannot be deleted."
            >
              <QueueAdminUser
                address={address}
                user={queue.adminUser}
                locked={queue.locked}
                offer={revealOffers}
                onReset={() => setRevealOffers((count) => count + 1)}
              />
            </Section>
          )}
          <Section
            title="Allowed IP addresses"
            description="Addresses and CIDR ranges that may connect over AMQP. An empty list lets every address connect."
          >
            <QueueAllowlist
              address={address}
              allowList={queue.ingress.allowList ?? []}
              locked={queue.locked}
            />
          </Section>
          <QueueExternalAccess queue={queue} address={address} />
          <ResourceEvents
            events={events}
            resourceUpdatedAt={query.dataUpdatedAt}
            empty="Its creation, changes and each reveal of its credentials show up here."
          />
        </Stack>
      )}
    </ResourceLayout>
  );
}

/** The queue's addresses on the internet, added and changed in a dialog (the modify mutation's patch). */
function QueueExternalAccess({ queue, address }: { queue: QueueDetails; address: QueueAddress }) {
  const change = useChangeQueueConnection(address);
  return (
    <ExternalAccessPanel
      connection={queue.externalConnection}
      noun="message queue"
      action={
        <ExternalAccessButton
          target={{ kind: 'service', noun: 'message queue', port: queue.amqpPort }}
          connection={queue.externalConnection}
          change={change}
          blockedReason={
            queue.locked ? 'A change is being applied to this queue. You can save once it is done.' : null
          }
        />
      }
    />
  );
}
