import { PlannedStateCell } from '@/components/planned-resource/planned-state-cell.tsx';
import { planMonthlyPrice } from '@/components/pricing/plan-text.ts';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { TextLink } from '@/components/router-links.tsx';
import { textColumn } from '@/components/text-column.ts';
import { formatMoney } from '@/lib/money.ts';
import type { QueueRow } from '../api/get-queues.ts';
import { brokerLabel } from './queue-offer.ts';

/** Where a queue's name leads: its details page. */
export const queueLink = (queue: Pick<QueueRow, 'name' | 'namespace'>) =>
  ({
    to: '/storage/message-queues/$namespaceName/$queueName',
    params: { namespaceName: queue.namespace.name, queueName: queue.name },
  }) as const;

/** The columns after the name; the namespace's only where queues of several namespaces are listed. */
export function queueColumns({
  withNamespace,
}: {
  withNamespace: boolean;
}): readonly ResourceColumn<QueueRow>[] {
  const namespaceColumn: ResourceColumn<QueueRow> = {
    id: 'namespace',
    header: 'Namespace',
    hideBelow: 'md',
    value: (queue) => queue.namespace.name,
    cell: (queue) => (
      <TextLink
        to="/compute/serverless-containers/$namespaceName/message-queues"
        params={{ namespaceName: queue.namespace.name }}
      >
        {queue.namespace.name}
      </TextLink>
    ),
  };
  return [
    ...(withNamespace ? [namespaceColumn] : []),
    textColumn({ id: 'broker', header: 'Broker', hideBelow: 'lg', text: (queue) => brokerLabel(queue.spec) }),
    // A phone has room for the name and the state, which may say the plan is unpaid, with Pay.
    textColumn({ id: 'plan', header: 'Plan', hideBelow: 'sm', text: (queue) => queue.plan.name }),
    {
      id: 'state',
      header: 'State',
      value: (queue) => queue.state,
      cell: (queue) => <PlannedStateCell kind="message-queue" resource={queue} />,
    },
    {
      id: 'price',
      header: 'Monthly price',
      align: 'right',
      hideBelow: 'sm',
      value: (queue) => queue.plan.price.amount ?? 0,
      cell: (queue) => {
        const price = planMonthlyPrice(queue.plan);
        return price ? formatMoney(price) : '—';
      },
    },
  ];
}
