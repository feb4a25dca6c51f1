import { queryOptions } from '@tanstack/react-query';
import type { MessageQueueOfferQuery } from '@/gql/graphql.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { queuePlanFragment } from './queue-fragments.ts';

const queueOfferQuery = withFragments(
  graphql(`
    query MessageQueueOffer {
      messageQueuePlans {
        ...QueuePlan
      }
      messageQueueVersions {
        type
        version
        patchLevelVersion
      }
      namespaces {
        name
        state
      }
    }
  `),
  queuePlanFragment,
);

const offerOf = (data: MessageQueueOfferQuery) => ({
  plans: data.messageQueuePlans,
  versions: data.messageQueueVersions,
  namespaces: data.namespaces,
});

export type QueueOffer = ReturnType<typeof offerOf>;
export type QueuePlan = QueueOffer['plans'][number];
export type BrokerVersion = QueueOffer['versions'][number];

/**
 * What a new message queue can be: the plans, the broker versions and the namespaces to put it in, in one
 * request (the create form needs all three before it can be filled in).
 */
export const queueOfferQueryOptions = () =>
  queryOptions({
    queryKey: ['message-queue-offer'],
    queryFn: ({ signal }) => platformRequest(queueOfferQuery, {}, signal).then(offerOf),
  });
