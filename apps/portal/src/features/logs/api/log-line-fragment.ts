import type { LogLineItemFragment } from '@/gql/console-logs/graphql.ts';
import { graphql } from '@/lib/graphql/console-logs-document.ts';

// What the viewer reads of a log line, the same from the recent lines' queries and from the tails. Every
// operation asking for lines spreads the fragment and is sent with it (withFragments).

export const logLineFragment = graphql(`
  fragment LogLineItem on LogLine {
    id
    occurredAt
    stream
    line
    replica
    run
  }
`);

/** One line as the viewer keeps it. */
export type LogLineItem = LogLineItemFragment;
