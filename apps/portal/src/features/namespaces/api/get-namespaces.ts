import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';

const namespacesQuery = graphql(`
  query Namespaces {
    namespaces {
      id
      name
      description
      state
      locked
      createdAt
      containers {
        id
      }
      containerJobs {
        name
      }
      privateRegistries {
        id
      }
      volumes {
        id
      }
    }
  }
`);

export const namespacesQueryOptions = () =>
  queryOptions({
    queryKey: ['namespaces', 'list'],
    queryFn: ({ signal }) => platformRequest(namespacesQuery, {}, signal).then((data) => data.namespaces),
  });
