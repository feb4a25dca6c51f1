import { useQuery } from '@tanstack/react-query';
import { graphql } from '../../lib/graphql/document.ts';
import { platformRequest } from '../../lib/graphql/platform.ts';
import type { Money } from '../../lib/money.ts';
import { parseResources } from '../workload/resources.ts';

// The platform's price list, the only source of prices in the portal: the monthly price of each container size
// (per replica, and what a job run of that size pays pro rata) and of a GB of volume.

const priceListQuery = graphql(`
  query PriceList {
    containerSizes: resourceSpecifications(kind: "container") {
      id
      cpu
      ram
      price {
        amount
        currency
      }
    }
    volume: resourceSpecifications(kind: "volume") {
      id
      price {
        amount
        currency
      }
    }
  }
`);

// A month of usage, as the server prices it (HOURS_PER_MONTH in apps/server/src/modules/pricing/resources.ts):
// usage is metered by the second and priced at its share of 730 hours.
const HOURS_PER_MONTH = 730;

/** The volume price list entry: one GB for a month. */
const VOLUME_GB = 'VOLUME_GB';

interface ListedSize {
  id: string;
  cpu: number;
  ram: number;
  monthly: Money | null;
}

export interface PriceList {
  containerSizes: ListedSize[];
  /** One GB of volume for a month. */
  volumeGb: Money | null;
}

function toMoney(price: { amount?: number | null; currency?: string | null }): Money | null {
  return price.amount == null ? null : { amountCents: price.amount, currency: price.currency ?? 'EUR' };
}

/** The price list; it changes rarely, so it is kept a while. */
export function usePriceList() {
  return useQuery({
    queryKey: ['price-list'],
    queryFn: ({ signal }): Promise<PriceList> =>
      platformRequest(priceListQuery, {}, signal).then((data) => ({
        containerSizes: data.containerSizes.map(({ id, cpu, ram, price }) => ({
          id,
          cpu,
          ram,
          monthly: toMoney(price),
        })),
        volumeGb: toMoney(data.volume.find((entry) => entry.id === VOLUME_GB)?.price ?? {}),
      })),
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
  });
}

/**
 * The monthly price of a container size, per replica. Entries are named after the size; should the price list
 * name them otherwise, CPU and memory are compared (in CPUs or thousandths, GB or MB).
 */
export function sizeMonthlyPrice(prices: PriceList, resources: string): Money | null {
  const { milliCpu, megabytes } = parseResources(resources);
  const entry =
    prices.containerSizes.find((size) => size.id === resources) ??
    prices.containerSizes.find(
      (size) =>
        (size.cpu === milliCpu || size.cpu * 1000 === milliCpu) &&
        (size.ram === megabytes || size.ram * 1000 === megabytes),
    );
  return entry?.monthly ?? null;
}

/** What an hour of a job run of this size costs: its monthly price's share of an hour. */
export function runHourPrice(prices: PriceList, resources: string): Money | null {
  const monthly = sizeMonthlyPrice(prices, resources);
  return monthly && { amountCents: monthly.amountCents / HOURS_PER_MONTH, currency: monthly.currency };
}
