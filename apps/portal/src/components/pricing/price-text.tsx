import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { FreeStartNote } from './free-start-note.tsx';
import type { PriceList } from './price-list.ts';

type PriceListState = Pick<UseQueryResult<PriceList>, 'data' | 'isError'>;

/**
 * A form's price line: what `describe` says of the loaded price list, or that it is loading or could not be
 * loaded. The form works without it. Announced politely as it changes with what is typed or chosen. On the
 * free start, with a word that it is not charged yet.
 */
export function PriceLine({
  priceList,
  describe,
}: {
  priceList: PriceListState;
  describe: (prices: PriceList) => ReactNode;
}) {
  return (
    <Stack spacing={0.5}>
      <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
        {priceList.data
          ? describe(priceList.data)
          : priceList.isError
            ? 'The price could not be loaded.'
            : 'Loading the price…'}
      </Typography>
      <FreeStartNote>Free on the free start: this is the price once you subscribe.</FreeStartNote>
    </Stack>
  );
}

/**
 * A list cell's price: what `describe` says of the loaded price list (a dash when it has nothing to say), a
 * placeholder while it loads, and a short note when it could not be loaded.
 */
export function priceCell(
  priceList: PriceListState,
  describe: (prices: PriceList) => string | null,
): ReactNode {
  if (priceList.data) return describe(priceList.data) ?? '—';
  if (priceList.isError) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        Not loaded
      </Typography>
    );
  }
  return <Skeleton variant="text" width={64} sx={{ ml: 'auto' }} />;
}
