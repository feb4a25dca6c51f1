import { PlannedStateCell } from '@/components/planned-resource/planned-state-cell.tsx';
import { planMonthlyPrice } from '@/components/pricing/plan-text.ts';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { TextLink } from '@/components/router-links.tsx';
import { textColumn } from '@/components/text-column.ts';
import { formatMoney } from '@/lib/money.ts';
import type { ClusterRow } from '../api/get-clusters.ts';
import { engineVersionLabel } from './cluster-offer.ts';

/** Where a cluster's name leads: its details page. */
export const clusterLink = (cluster: Pick<ClusterRow, 'name' | 'namespace'>) =>
  ({
    to: '/storage/databases/$namespaceName/$clusterName',
    params: { namespaceName: cluster.namespace.name, clusterName: cluster.name },
  }) as const;

/** The columns after the name; the namespace's only where clusters of several namespaces are listed. */
export function clusterColumns({
  withNamespace,
}: {
  withNamespace: boolean;
}): readonly ResourceColumn<ClusterRow>[] {
  const namespaceColumn: ResourceColumn<ClusterRow> = {
    id: 'namespace',
    header: 'Namespace',
    hideBelow: 'md',
    value: (cluster) => cluster.namespace.name,
    cell: (cluster) => (
      <TextLink
        to="/compute/serverless-containers/$namespaceName/databases"
        params={{ namespaceName: cluster.namespace.name }}
      >
        {cluster.namespace.name}
      </TextLink>
    ),
  };
  return [
    ...(withNamespace ? [namespaceColumn] : []),
    textColumn({
      id: 'engine',
      header: 'Engine',
      // A phone has room for the name and the state, which may say the plan is unpaid, with Pay.
      hideBelow: 'sm',
      text: (cluster) => engineVersionLabel(cluster.spec),
    }),
    textColumn({ id: 'plan', header: 'Plan', hideBelow: 'lg', text: (cluster) => cluster.plan.name }),
    {
      id: 'state',
      header: 'State',
      value: (cluster) => cluster.state,
      cell: (cluster) => <PlannedStateCell kind="cluster" resource={cluster} />,
    },
    {
      id: 'price',
      header: 'Monthly price',
      align: 'right',
      hideBelow: 'sm',
      value: (cluster) => cluster.plan.price.amount ?? 0,
      cell: (cluster) => {
        const price = planMonthlyPrice(cluster.plan);
        return price ? formatMoney(price) : '—';
      },
    },
  ];
}
