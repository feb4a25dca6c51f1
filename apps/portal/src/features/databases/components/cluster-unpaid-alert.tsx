import { UnpaidPlanAlert } from '@/components/planned-resource/unpaid-plan-alert.tsx';
import { unpaidStatus } from '@/components/planned-resource/unpaid-status.ts';
import type { ClusterDetails } from '../api/get-cluster.ts';
import { useUnpaidStopTime } from '../api/get-cluster-unpaid-stop.ts';

/**
 * At the top of the page of a cluster whose plan is not paid (UnpaidPlanAlert); for one stopped for it, its
 * events say when.
 */
export function ClusterUnpaidAlert({ cluster }: { cluster: ClusterDetails }) {
  const stoppedAt = useUnpaidStopTime(
    { namespace: cluster.namespace.name, name: cluster.name },
    unpaidStatus(cluster)?.kind === 'stopped',
  ).data;
  return <UnpaidPlanAlert kind="cluster" resource={cluster} stoppedAt={stoppedAt} />;
}
