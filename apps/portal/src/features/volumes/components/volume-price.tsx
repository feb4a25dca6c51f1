import { usePriceList, type PriceList } from '@/components/pricing/price-list.ts';
import { PriceLine } from '@/components/pricing/price-text.tsx';
import { formatMoney, formatMonthlyPrice, multiply } from '@/lib/money.ts';

interface VolumePriceProps {
  /** The size typed, in GB; null when there is no field (a volume at the largest size). */
  size: string | null;
  /** Whether the form refuses the size typed: the price is then given per GB only. */
  invalid: boolean;
  /** A resized volume's size now, whose cost is shown beside the new one. */
  currentSize?: number;
}

/** What a volume of the size typed costs a month, updated as it is typed; beside today's cost when resizing. */
export function VolumePrice({ size, invalid, currentSize }: VolumePriceProps) {
  const priceList = usePriceList();
  const typed = size?.trim() ?? '';
  const gigabytes = !invalid && /^\d+$/.test(typed) ? Number(typed) : null;
  return (
    <PriceLine
      priceList={priceList}
      describe={(prices) => describeVolumePrice(prices, gigabytes, currentSize)}
    />
  );
}

function describeVolumePrice(prices: PriceList, gigabytes: number | null, currentSize?: number): string {
  const perGb = prices.volumeGb;
  if (!perGb) return 'No price listed for volumes.';
  const monthly = (size: number) => formatMonthlyPrice(multiply(perGb, size));
  if (currentSize === undefined) {
    return gigabytes === null
      ? `${formatMoney(perGb)} per GB and month`
      : `${monthly(gigabytes)} (${gigabytes} GB at ${formatMoney(perGb)} per GB)`;
  }
  return gigabytes === null
    ? `Now ${monthly(currentSize)} (${formatMoney(perGb)} per GB and month)`
    : `${monthly(gigabytes)} at ${gigabytes} GB, now ${monthly(currentSize)}`;
}
