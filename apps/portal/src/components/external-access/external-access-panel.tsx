import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingBlock } from '../loading-block.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExternalConnectionViewFragment } from '../../gql/graphql.ts';
import { Section } from '../section.tsx';

// The External access section of a resource's page (a container's overview, a cluster's or queue's page): its
// connection, whose code comes only for a resource that has one, or that it is not reachable; and the way to
// add or change access the page offers (`action`).

const ExternalConnectionView = lazy(() =>
  import('./external-connection-view.tsx').then((module) => ({ default: module.ExternalConnectionView })),
);

export function ExternalAccessPanel({
  connection,
  noun,
  action,
}: {
  connection: ExternalConnectionViewFragment | null | undefined;
  /** What the page is of: `container`, `database cluster`, `message queue`. */
  noun: string;
  action?: ReactNode;
}) {
  return (
    <Section title="External access">
      {connection ? (
        <Suspense
          fallback={<LoadingBlock label="Loading external access" variant="rectangular" height={120} />}
        >
          <ExternalConnectionView connection={connection} />
        </Suspense>
      ) : (
        <Typography color="text.secondary">
          Not reachable from the internet by IP address: no ports are forwarded to the {noun}.
        </Typography>
      )}
      {action && (
        <Stack direction="row" spacing={1}>
          {action}
        </Stack>
      )}
    </Section>
  );
}
