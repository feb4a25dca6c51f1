import { useQuery } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';

const resourceSpecificationsQuery = graphql(`
  query ContainerResourceSpecifications {
    resourceSpecifications(kind: "container") {
      id
      cpu
      ram
      price {
        amount
        currency
      }
    }
  }
`);

/** The container sizes with their monthly price: the price list changes rarely, so it is kept a while. */
export function useResourceSpecifications() {
  return useQuery({
    queryKey: ['resource-specifications', 'container'],
    queryFn: ({ signal }) =>
      platformRequest(resourceSpecificationsQuery, {}, signal).then((data) => data.resourceSpecifications),
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
  });
}
