import { useWatch } from 'react-hook-form';
import { formatMoney, formatMonthlyPrice } from '../../lib/money.ts';
import { runHourPrice, sizeMonthlyPrice, usePriceList } from '../pricing/price-list.ts';
import { PriceLine } from '../pricing/price-text.tsx';
import type { WorkloadControl } from './workload-schema.ts';

/**
 * The price of the size chosen in the form: a container's per replica and month, a job's per hour of a run
 * (how long runs take is not known, so a job has no monthly figure).
 */
export function SizePrice({ control, per }: { control: WorkloadControl; per: 'replica' | 'run-hour' }) {
  const resources = useWatch({ control, name: 'resources' });
  const priceList = usePriceList();
  return (
    <PriceLine
      priceList={priceList}
      describe={(prices) => {
        if (per === 'run-hour') {
          const price = runHourPrice(prices, resources);
          return price ? `${formatMoney(price, { precise: true })} per run-hour` : noPrice;
        }
        const price = sizeMonthlyPrice(prices, resources);
        return price ? `${formatMonthlyPrice(price)} per replica` : noPrice;
      }}
    />
  );
}

const noPrice = 'No price listed for this size.';
