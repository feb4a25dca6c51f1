import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { MODIFY_CONTAINER, createContainer, waitForContainer } from '../support/containers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { useObservedWorld } from './setup.ts';

// Events are kept by age, not by count: a reader pages back through them (`after` a cursor) and filters them
// by kind, so a busy container's scaling cannot push its deploys out of reach.

const world = useObservedWorld();

const EVENTS_PAGE = graphql(`
  query ContainerEventsPage(
    $name: String!
    $namespace: String!
    $limit: Int
    $after: String
    $kinds: [ResourceEventKind!]
  ) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      events(limit: $limit, after: $after, kinds: $kinds) {
        id
        cursor
        type
      }
    }
  }
`);

type Query = {
  limit?: number;
  after?: string;
  kinds?: ('DEPLOYS' | 'SCALING' | 'FAILURES' | 'RUNS' | 'CHANGES')[];
};

async function events(query: Query) {
  const { container } = await world.alice.data(EVENTS_PAGE, {
    name: 'busy',
    namespace: 'observed',
    ...query,
  });
  return container.events;
}

describe('events, paged and by kind', () => {
  it('pages back through every event once, in order, events of one moment included', async () => {
    await createContainer(world.alice, {
      name: 'busy',
      namespace: 'observed',
      image: 'nginx:1.27',
      ports: ['80'],
      scaling: { manual: { replicas: 1 } },
    });
    await waitForContainer(world.alice, 'observed', 'busy', 'running');
    for (const replicas of [2, 1]) {
      await world.alice.data(MODIFY_CONTAINER, {
        input: { name: 'busy', namespace: 'observed', scaling: { manual: { replicas } } },
      });
      await waitForContainer(
        world.alice,
        'observed',
        'busy',
        'running',
        (container) => container.replicas.length === replicas,
      );
    }
    const all = await events({ limit: 200 });
    expect(all.length).toBeGreaterThan(8);

    const paged = [];
    let after: string | undefined;
    for (;;) {
      const page = await events({ limit: 3, ...(after ? { after } : {}) });
      paged.push(...page);
      if (page.length < 3) break;
      after = page.at(-1)?.cursor;
    }
    expect(paged.map((event) => event.id)).toEqual(all.map((event) => event.id));
  });

  it('filters by kind: scaling, changes, deploys; failures none here', async () => {
    const types = async (kinds: Query['kinds']) =>
      new Set((await events({ limit: 200, kinds })).map((event) => event.type));
    expect(await types(['SCALING'])).toEqual(new Set(['SCALED', 'REPLICA_STARTED', 'REPLICA_STOPPED']));
    expect(await types(['CHANGES'])).toEqual(new Set(['CREATED', 'CHANGED']));
    expect(await types(['DEPLOYS'])).toEqual(new Set(['DEPLOY_STARTED', 'DEPLOY_FINISHED']));
    expect(await types(['FAILURES'])).toEqual(new Set());
    expect(await types(['SCALING', 'CHANGES'])).toEqual(
      new Set(['SCALED', 'REPLICA_STARTED', 'REPLICA_STOPPED', 'CREATED', 'CHANGED']),
    );
    // A filtered list pages like the whole one.
    const scaling = await events({ limit: 200, kinds: ['SCALING'] });
    const [first] = await events({ limit: 1, kinds: ['SCALING'] });
    const rest = await events({ limit: 200, kinds: ['SCALING'], ...(first ? { after: first.cursor } : {}) });
    expect([first, ...rest].map((event) => event?.id)).toEqual(scaling.map((event) => event.id));
  });

  it('refuses a cursor that is not one, changing nothing', async () => {
    const error = expectGraphQLError(
      await world.alice.gql(EVENTS_PAGE, { name: 'busy', namespace: 'observed', after: 'yesterday' }),
      'BAD_USER_INPUT',
    );
    expect(error.message).toBe('after must be the cursor of an event of this list');
    expect(error.extensions?.field).toBe('after');
  });
});
