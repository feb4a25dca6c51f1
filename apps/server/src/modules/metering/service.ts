import type { Db } from '../../db/client.ts';
import type { MeteredResourceType } from '../../db/schema.ts';
import { badInput } from '../../errors.ts';
import { centsPerSecond } from '../pricing/resources.ts';
import { centsOfType, priceReplicas, priceUsage, type PriceBreakdown, type ReplicasOf } from './breakdown.ts';
import { openSpans, replicaUsageIn, usageIn } from './store.ts';

/** The start of the calendar month (UTC) that holds the moment, or of the one `months` later. */
function monthStart(moment: Date, months = 0): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + months, 1));
}

/** What customers used and what it costs, from the usage meters. `clock` is the time now (tests set it). */
export function createMetering(deps: { db: Db; clock: () => Date }) {
  async function priceBreakdown(
    customerId: number,
    period: { startDate?: Date | null; endDate?: Date | null },
  ): Promise<PriceBreakdown> {
    const now = deps.clock();
    // Left out, the start is that of the calendar month holding the period's last moment (now's month, or
    // January for an end on 1 February), and the end that of the month after the start.
    const lastMoment = period.endDate ? new Date(period.endDate.getTime() - 1) : now;
    const startDate = period.startDate ?? monthStart(lastMoment);
    const endDate = period.endDate ?? monthStart(startDate, 1);
    if (endDate <= startDate) throw badInput('endDate', 'endDate must be after startDate');
    const within = { start: startDate, end: endDate, now };
    let replicas: Promise<ReplicasOf> | undefined;
    const replicasOf: ReplicasOf = async (namespaceName, containerName) => {
      replicas ??= replicaUsageIn(deps.db, customerId, within).then(priceReplicas);
      return (await replicas)(namespaceName, containerName);
    };
    const usage = await usageIn(deps.db, customerId, within);
    return { startDate, endDate, ...priceUsage(usage, replicasOf) };
  }

  return {
    /** The breakdown of [startDate, endDate); by default the current calendar month. */
    priceBreakdown,

    /**
     * What the use of these types will have cost at the period's end if what runs now keeps running: the
     * open spans' rate over the time left (job runs to come are not foreseen). A period that is over has no
     * time left.
     */
    async forecastCents(
      customerId: number,
      breakdown: PriceBreakdown,
      types: readonly MeteredResourceType[],
    ): Promise<number> {
      const costCents = types.reduce((total, type) => total + centsOfType(breakdown, type), 0);
      const from = Math.max(breakdown.startDate.getTime(), deps.clock().getTime());
      const secondsLeft = Math.max(0, (breakdown.endDate.getTime() - from) / 1000);
      if (secondsLeft === 0) return costCents;
      const rate = (await openSpans(deps.db, customerId))
        .filter((open) => types.includes(open.resourceType))
        .reduce((total, open) => total + open.spans * centsPerSecond(open.resourceType, open.size), 0);
      return costCents + rate * secondsLeft;
    },
  };
}

export type Metering = ReturnType<typeof createMetering>;
