import type { Database } from '../../db/client.ts';
import type { RuntimeReports } from '../runtime-port.ts';
import type { ClusterApi } from './cluster-api.ts';
import type { KubernetesObject } from './objects.ts';
import { podWorkloadOf, type Pod } from './status.ts';
import { warningSentence, type ClusterEvent } from './warnings.ts';
import type { Observer } from './watch-containers.ts';

// The cluster's Warning events of Berth's pods become the events of their container or job, a plain sentence
// each (warnings.ts), and the message of a replica still waiting to start. Events carry no labels: the pod
// they name is read to find whose it is. The cluster repeats a warning (its count goes up) and a relist tells
// it again; it is recorded once since the cluster first told it.

export function warningObserver(deps: {
  database: Database;
  reports: RuntimeReports;
  api: ClusterApi;
}): Observer<ClusterEvent> {
  const { database, reports, api } = deps;

  return async (event, deleted) => {
    const involved = event.involvedObject;
    if (deleted || event.type !== 'Warning' || involved?.kind !== 'Pod') return;
    if (!involved.name || !involved.namespace) return;
    const sentence = warningSentence(event);
    if (!sentence) return;
    const pod = await api.read<KubernetesObject & Pod>({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: involved.name, namespace: involved.namespace },
    });
    const workload = pod && podWorkloadOf(pod);
    if (!workload) return;
    const since = new Date(
      event.firstTimestamp ?? event.eventTime ?? event.metadata.creationTimestamp ?? Date.now(),
    );
    await database.db.transaction(async (tx) => {
      if (workload.kind === 'container-job') {
        if (!(await reports.lockJob(tx, workload.id))) return;
        await reports.runtimeWarned(tx, workload, `Run ${workload.run}: ${sentence}`, since);
        return;
      }
      if (!(await reports.lockContainer(tx, workload.id))) return;
      await reports.runtimeWarned(tx, workload, `Replica ${workload.replica}: ${sentence}`, since);
      const replicas = (await reports.replicasOf(tx, [workload.id])).get(workload.id) ?? [];
      const replica = replicas.find((candidate) => candidate.name === workload.replica);
      if (replica?.status === 'pending' && replica.statusMessage !== sentence)
        await reports.replicaChanged(tx, replica.id, { status: 'pending', statusMessage: sentence });
    });
  };
}
