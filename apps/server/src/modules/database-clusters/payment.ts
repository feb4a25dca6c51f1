import type { Database, Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import { recordEvent } from '../events/store.ts';
import { findPlan } from './rules.ts';
import { createClusterStore, type ClusterRow } from './store.ts';

// A database cluster's own plan, paid or not ("pay later"), and which plan: billing reports each change of
// the plan's subscription here. A cluster left unpaid for the grace period is stopped, never deleted: its
// databases and users stay, nobody can connect. Paying starts it again. A plan change resizes it.

const DAY_MS = 24 * 3600_000;
const dateOf = (date: Date) => date.toISOString().slice(0, 10);

export function createClusterPayment(deps: {
  database: Database;
  provisioner: Provisioner;
  graceDays: number;
}) {
  const graceMs = deps.graceDays * DAY_MS;

  /** Hands the cluster's new desired state (stopped, running or resized) to the provisioner. */
  async function restate(tx: Db, cluster: ClusterRow, state: 'stopping' | 'starting' | 'updating') {
    // A busy cluster keeps the state of the change in hand; the task queued after it applies this one too,
    // whether or not the change in hand read the desired state before this transaction.
    if (!cluster.locked) await createClusterStore(tx).update(cluster.id, { state, locked: true });
    await deps.provisioner.enqueue(tx, { kind: 'databaseCluster', id: cluster.id, action: 'update' });
  }

  /** The customer's cluster billing names by id (a resource id), locked; undefined for any other. */
  function lockedCluster(tx: Db, customerId: number, resourceId: string) {
    const id = rowId(resourceId);
    return id === undefined ? undefined : createClusterStore(tx).findOwnedForUpdate(customerId, id);
  }

  return {
    /** When an unpaid cluster is stopped; null while paid or once stopped. */
    stopsAt: (cluster: ClusterRow) =>
      cluster.unpaidSince && !cluster.stoppedUnpaid
        ? new Date(cluster.unpaidSince.getTime() + graceMs)
        : null,

    /**
     * Billing's report, in its transaction: the subscription to the plan of cluster `resourceId` is live
     * (`paid`) or not any more. Paid, a cluster stopped for it starts again.
     */
    async planPaid(tx: Db, customerId: number, resourceId: string, paid: boolean) {
      const store = createClusterStore(tx);
      const cluster = await lockedCluster(tx, customerId, resourceId);
      if (!cluster || cluster.state === 'deleting') return;
      if (!paid) {
        if (!cluster.unpaidSince) await store.update(cluster.id, { unpaidSince: new Date() });
        return;
      }
      await store.update(cluster.id, { unpaidSince: null, stoppedUnpaid: false });
      if (!cluster.stoppedUnpaid) return;
      await recordEvent(
        tx,
        { kind: 'database-cluster', id: cluster.id },
        'STARTED_PAID',
        'Its plan is paid: starting again',
      );
      await restate(tx, { ...cluster, stoppedUnpaid: false }, 'starting');
    },

    /**
     * Billing's report, in its transaction: the subscription of cluster `resourceId` moved to plan `planId`
     * (an upgrade now, a downgrade at its period's end). The cluster is resized to it; stopped, it keeps
     * the plan for when it starts.
     */
    async planChanged(tx: Db, customerId: number, resourceId: string, planId: string) {
      const store = createClusterStore(tx);
      const cluster = await lockedCluster(tx, customerId, resourceId);
      if (!cluster || cluster.state === 'deleting' || cluster.planId === planId) return;
      const plan = findPlan(planId);
      if (!plan) throw new Error(`cluster ${cluster.id}: billing moved it to an unknown plan ${planId}`);
      await store.update(cluster.id, { planId });
      const before = findPlan(cluster.planId)?.name ?? cluster.planId;
      await recordEvent(
        tx,
        { kind: 'database-cluster', id: cluster.id },
        'PLAN_CHANGED',
        `Plan changed from ${before} to ${plan.name}: ${plan.cpu} vCPU, ${plan.memoryGb} GB memory, ${plan.storageGb} GB storage, ${plan.replicas === 3 ? 'three replicas' : 'one replica'}`,
      );
      if (!cluster.stoppedUnpaid) await restate(tx, cluster, 'updating');
    },

    /** Stops every running cluster whose grace period ended by `now` (each minute); returns how many. */
    async stopUnpaid(now = new Date()): Promise<number> {
      const due = await createClusterStore(deps.database.db).unpaidSince(new Date(now.getTime() - graceMs));
      let stopped = 0;
      for (const candidate of due) {
        await deps.database.db.transaction(async (tx) => {
          const store = createClusterStore(tx);
          const cluster = await store.findByIdForUpdate(candidate.id);
          // Paid, stopped or changed meanwhile: looked at again next time.
          if (!cluster?.unpaidSince || cluster.stoppedUnpaid || cluster.locked || cluster.state !== 'running')
            return;
          await store.update(cluster.id, { stoppedUnpaid: true });
          await recordEvent(
            tx,
            { kind: 'database-cluster', id: cluster.id },
            'STOPPED_UNPAID',
            `Stopped: its plan is unpaid since ${dateOf(cluster.unpaidSince)} and the ${deps.graceDays} days of grace are over. Nothing was deleted; paying starts it again`,
          );
          await restate(tx, cluster, 'stopping');
          stopped += 1;
        });
      }
      return stopped;
    },
  };
}

export type ClusterPayment = ReturnType<typeof createClusterPayment>;
