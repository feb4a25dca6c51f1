import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import type { WorkloadControl } from '../../../components/workload/workload-schema.ts';
import { parseResources } from '../../../components/workload/resources.ts';
import { useResourceSpecifications } from '../api/get-resource-specifications.ts';

interface PricedSpecification {
  id: string;
  cpu: number;
  ram: number;
  price: { amount?: number | null; currency?: string | null };
}

/**
 * The price list entry for a size. Entries are named after the size; should the price list name them
 * otherwise, CPU and memory are compared (in CPUs or thousandths, GB or MB).
 */
function specificationFor<T extends PricedSpecification>(
  specifications: readonly T[],
  resources: string,
): T | undefined {
  const { milliCpu, megabytes } = parseResources(resources);
  return (
    specifications.find((specification) => specification.id === resources) ??
    specifications.find(
      (specification) =>
        (specification.cpu === milliCpu || specification.cpu * 1000 === milliCpu) &&
        (specification.ram === megabytes || specification.ram * 1000 === megabytes),
    )
  );
}

/** `€12.40 per month`, from an amount in cents. */
function formatMonthlyPrice(price: PricedSpecification['price'] | undefined): string | null {
  if (price?.amount == null) return null;
  const money = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: price.currency ?? 'EUR',
  }).format(price.amount / 100);
  return `${money} per month`;
}

/** The monthly price of the size chosen in the form, per replica. */
export function SizePrice({ control }: { control: WorkloadControl }) {
  const resources = useWatch({ control, name: 'resources' });
  const specifications = useResourceSpecifications();
  const price = specifications.data
    ? formatMonthlyPrice(specificationFor(specifications.data, resources)?.price)
    : null;
  return (
    <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
      {price
        ? `${price} per replica`
        : specifications.isError
          ? 'The price could not be loaded.'
          : specifications.isPending
            ? 'Loading the price…'
            : 'No price listed for this size.'}
    </Typography>
  );
}
