import { useQuery } from '@tanstack/react-query';
import { graphql } from '../../lib/graphql/document.ts';
import { platformRequest } from '../../lib/graphql/platform.ts';
import type { Money } from '../../lib/money.ts';

// What a pair of addresses of its own (IPv4 and IPv6) costs a month: the platform's price list, kind ipaddress.
// Shared addresses cost nothing.

const ipAddressPriceQuery = graphql(`
  query IpAddressPrice {
    resourceSpecifications(kind: "ipaddress") {
      id
      price {
        amount
        currency
      }
    }
  }
`);

/** The monthly price of an address pair of its own; null when the platform lists none. Kept a while. */
export function useIpAddressPrice() {
  return useQuery({
    queryKey: ['price-list', 'ipaddress'],
    queryFn: ({ signal }): Promise<Money | null> =>
      platformRequest(ipAddressPriceQuery, {}, signal).then(({ resourceSpecifications: [entry] }) =>
        entry?.price.amount == null
          ? null
          : { amountCents: entry.price.amount, currency: entry.price.currency ?? 'EUR' },
      ),
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
  });
}
