import type { Database } from '../../db/client.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { BillingNotices } from '../billing/notices.ts';
import { createPlannedPayment } from '../planned-resources/payment.ts';
import { findPlan } from './rules.ts';
import { createClusterStore } from './store.ts';

// A database cluster's own plan, paid or not, and which plan (planned-resources/payment.ts): stopped, its
// databases and users stay and nobody can connect.

export function createClusterPayment(deps: {
  database: Database;
  provisioner: Provisioner;
  graceDays: number;
  notices: BillingNotices;
}) {
  return createPlannedPayment(
    {
      words: { short: 'cluster', noun: 'database cluster', kept: 'its databases and users' },
      eventKind: 'database-cluster',
      taskKind: 'databaseCluster',
      storeOf: createClusterStore,
      plan: (planId) => {
        const plan = findPlan(planId);
        return (
          plan && {
            ...plan,
            summary: `${plan.cpu} vCPU, ${plan.memoryGb} GB memory, ${plan.storageGb} GB storage, ${plan.replicas === 3 ? 'three replicas' : 'one replica'}`,
          }
        );
      },
    },
    deps,
  );
}
