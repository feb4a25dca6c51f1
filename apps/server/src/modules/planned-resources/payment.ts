import type { Database, Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import {
  resourceStoppedMail,
  resourceUnpaidMail,
  type PlannedResourceWords,
  type Recipient,
} from '../billing/mails.ts';
import type { PlanPaidOutcome } from '../billing/fulfilment/fulfilment.ts';
import type { BillingNotices } from '../billing/notices.ts';
import { recordEvent, type EventResourceKind } from '../events/store.ts';
import type { OutgoingMail } from '../mail/store.ts';
import { createNamespaceStore } from '../namespaces/store.ts';

// A resource's own plan (a database cluster's, a message queue's), paid or not ("pay later"), and which plan:
// billing reports each change of the plan's subscription here. A resource left unpaid for the grace period is
// stopped, never deleted: what it holds stays, nobody can connect. Paying starts it again. A plan change
// resizes it. The owner is mailed when a live resource becomes unpaid and when it is stopped, in the
// transaction that does it.

const DAY_MS = 24 * 3600_000;
const dateOf = (date: Date) => date.toISOString().slice(0, 10);

/** What payment reads and writes of a resource's row. */
export interface PlannedRow {
  id: number;
  name: string;
  namespaceId: number;
  planId: string;
  state: string;
  locked: boolean;
  unpaidSince: Date | null;
  stoppedUnpaid: boolean;
}

/** The rows of a kind as payment uses them, in a transaction's store. */
export interface PlannedStore<Row extends PlannedRow> {
  /** The customer's resource of this id, its row locked until the transaction ends; another's: undefined. */
  findOwnedForUpdate(customerId: number, id: number): Promise<Row | undefined>;
  /** The resource by id, its row locked until the transaction ends. */
  findByIdForUpdate(id: number): Promise<Row | undefined>;
  /** Running resources unpaid since before `before` and not stopped for it yet. */
  unpaidSince(before: Date): Promise<Row[]>;
  update(
    id: number,
    values: Partial<Pick<PlannedRow, 'state' | 'locked' | 'planId' | 'unpaidSince' | 'stoppedUnpaid'>>,
  ): Promise<Row>;
}

/** A kind of resource with a plan of its own, as payment needs to know it. */
export interface PlannedKindSpec<Row extends PlannedRow> {
  words: PlannedResourceWords;
  /** Its events (STOPPED_UNPAID, STARTED_PAID, PLAN_CHANGED) and its provisioner tasks. */
  eventKind: EventResourceKind;
  taskKind: string;
  storeOf(db: Db): PlannedStore<Row>;
  plan(planId: string):
    | {
        name: string;
        monthlyPriceCents: number;
        /** "2 vCPU, 4 GB memory, 20 GB storage, three replicas", for the plan-changed event. */
        summary: string;
      }
    | undefined;
}

export function createPlannedPayment<Row extends PlannedRow>(
  kind: PlannedKindSpec<Row>,
  deps: { database: Database; provisioner: Provisioner; graceDays: number; notices: BillingNotices },
) {
  const graceMs = deps.graceDays * DAY_MS;
  const { words } = kind;
  const event = (tx: Db, row: Row, type: 'STOPPED_UNPAID' | 'STARTED_PAID' | 'PLAN_CHANGED', text: string) =>
    recordEvent(tx, { kind: kind.eventKind, id: row.id }, type, text);

  /** Queues in tx the mail `compose` makes about the resource for its customer's owner. */
  async function tellOwner(
    tx: Db,
    row: Row,
    compose: (to: Recipient, billingUrl: string, named: { name: string; namespace: string }) => OutgoingMail,
  ) {
    const namespace = await createNamespaceStore(tx).findAnyById(row.namespaceId);
    if (!namespace) return;
    const named = { name: row.name, namespace: namespace.name };
    await deps.notices.tell(tx, namespace.customerId, (to, billingUrl) => compose(to, billingUrl, named));
  }

  /** Hands the resource's new desired state (stopped, running or resized) to the provisioner. */
  async function restate(tx: Db, row: Row, state: 'stopping' | 'starting' | 'updating') {
    // A busy resource keeps the state of the change in hand; the task queued after it applies this one too,
    // whether or not the change in hand read the desired state before this transaction.
    if (!row.locked) await kind.storeOf(tx).update(row.id, { state, locked: true });
    await deps.provisioner.enqueue(tx, { kind: kind.taskKind, id: row.id, action: 'update' });
  }

  /** The customer's resource billing names by id (a resource id), locked; undefined for any other. */
  function lockedResource(tx: Db, customerId: number, resourceId: string) {
    const id = rowId(resourceId);
    return id === undefined ? undefined : kind.storeOf(tx).findOwnedForUpdate(customerId, id);
  }

  return {
    /** When an unpaid resource is stopped; null while paid or once stopped. */
    stopsAt: (row: Pick<Row, 'unpaidSince' | 'stoppedUnpaid'>) =>
      row.unpaidSince && !row.stoppedUnpaid ? new Date(row.unpaidSince.getTime() + graceMs) : null,

    /**
     * Billing's report, in its transaction: the subscription to the plan of resource `resourceId` is live
     * (`paid`) or not any more. Paid, a resource stopped for it starts again.
     */
    async planPaid(tx: Db, customerId: number, resourceId: string, paid: boolean): Promise<PlanPaidOutcome> {
      const store = kind.storeOf(tx);
      const row = await lockedResource(tx, customerId, resourceId);
      if (!row) return { gone: true, name: null };
      if (row.state === 'deleting') return { gone: true, name: row.name };
      const lives = { gone: false } as const;
      if (!paid) {
        if (row.unpaidSince) return lives;
        const since = new Date();
        await store.update(row.id, { unpaidSince: since });
        const plan = kind.plan(row.planId);
        await tellOwner(tx, row, (to, billingUrl, named) =>
          resourceUnpaidMail(to, billingUrl, words, {
            ...named,
            planName: plan?.name ?? row.planId,
            ...(plan ? { monthlyPriceCents: plan.monthlyPriceCents } : {}),
            stopsAt: new Date(since.getTime() + graceMs),
          }),
        );
        return lives;
      }
      await store.update(row.id, { unpaidSince: null, stoppedUnpaid: false });
      if (!row.stoppedUnpaid) return lives;
      await event(tx, row, 'STARTED_PAID', 'Its plan is paid: starting again');
      await restate(tx, { ...row, stoppedUnpaid: false }, 'starting');
      return lives;
    },

    /**
     * Billing's report, in its transaction: the subscription of resource `resourceId` moved to plan `planId`
     * (an upgrade now, a downgrade at its period's end). The resource is resized to it; stopped, it keeps the
     * plan for when it starts.
     */
    async planChanged(tx: Db, customerId: number, resourceId: string, planId: string) {
      const row = await lockedResource(tx, customerId, resourceId);
      if (!row || row.state === 'deleting' || row.planId === planId) return;
      const plan = kind.plan(planId);
      if (!plan) throw new Error(`${words.noun} ${row.id}: billing moved it to an unknown plan ${planId}`);
      await kind.storeOf(tx).update(row.id, { planId });
      const before = kind.plan(row.planId)?.name ?? row.planId;
      await event(tx, row, 'PLAN_CHANGED', `Plan changed from ${before} to ${plan.name}: ${plan.summary}`);
      if (!row.stoppedUnpaid) await restate(tx, row, 'updating');
    },

    /** Stops every running resource whose grace period ended by `now` (each minute); returns how many. */
    async stopUnpaid(now = new Date()): Promise<number> {
      const due = await kind.storeOf(deps.database.db).unpaidSince(new Date(now.getTime() - graceMs));
      let stopped = 0;
      for (const candidate of due) {
        await deps.database.db.transaction(async (tx) => {
          const store = kind.storeOf(tx);
          const row = await store.findByIdForUpdate(candidate.id);
          // Paid, stopped or changed meanwhile: looked at again next time.
          if (!row?.unpaidSince || row.stoppedUnpaid || row.locked || row.state !== 'running') return;
          await store.update(row.id, { stoppedUnpaid: true });
          const { unpaidSince } = row;
          await event(
            tx,
            row,
            'STOPPED_UNPAID',
            `Stopped: its plan is unpaid since ${dateOf(unpaidSince)} and the ${deps.graceDays} days of grace are over. Nothing was deleted; paying starts it again`,
          );
          await restate(tx, row, 'stopping');
          await tellOwner(tx, row, (to, billingUrl, named) =>
            resourceStoppedMail(to, billingUrl, words, {
              ...named,
              planName: kind.plan(row.planId)?.name ?? row.planId,
              unpaidSince,
              graceDays: deps.graceDays,
            }),
          );
          stopped += 1;
        });
      }
      return stopped;
    },
  };
}

export type PlannedPayment = ReturnType<typeof createPlannedPayment>;
