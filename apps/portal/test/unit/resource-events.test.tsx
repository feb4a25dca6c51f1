import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  ContainerEventsQueryVariables,
  ContainerEventsQuery,
  ContainerJobEventsQuery,
  ContainerJobQuery,
} from '../../src/gql/graphql.ts';
import { containerDetails, namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The Events sections of the container and job overviews (issue 15): what happened, newest first, with who
// made each change and, opened on demand, what it changed.

type ContainerEvent = ContainerEventsQuery['container']['events'][number];

const container = containerDetails('web', { modifiedAt: '2025-01-02T09:00:00Z' });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const event = (id: string, changes: Partial<ContainerEvent> & Pick<ContainerEvent, 'type' | 'message'>) => ({
  id,
  cursor: `cursor-${id}`,
  occurredAt: minutesAgo(5),
  account: null,
  changeSet: [],
  ...changes,
});

/** The overview of the running container `web`, with these events. */
function openContainerOverview(events: () => ContainerEvent[] | 'fails') {
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('Container', () => HttpResponse.json({ data: { container } })),
    graphql.query('DefaultContainerAddress', () =>
      HttpResponse.json({
        data: { namespace: { id: '1', defaultContainerAddress: 'web-shop.apps.localhost' } },
      }),
    ),
    graphql.query('ContainerEvents', () => {
      const answer = events();
      return answer === 'fails'
        ? HttpResponse.json({ errors: [{ message: 'Events are down', extensions: { code: 'INTERNAL' } }] })
        : HttpResponse.json({ data: { container: { id: '7', events: answer } } });
    }),
  );
  return renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/overview' });
}

const eventsListFound = () => screen.findByRole('list', { name: 'Events' });

describe('events on the container overview', () => {
  it('lists each event with its type, who made a change, and when; a change opens to its old and new values', async () => {
    const { user } = openContainerOverview(() => [
      event('event:3', {
        type: 'DEPLOY_FINISHED',
        message: 'Deploy finished: 1 of 1 replicas running nginx:1.28',
        occurredAt: minutesAgo(2),
      }),
      event('audit:2', {
        type: 'CHANGED',
        message: 'Changed image',
        account: { email: 'ada@example.com' },
        changeSet: [{ name: 'image', oldValue: 'nginx:1.27', newValue: 'nginx:1.28' }],
      }),
      event('audit:1', {
        type: 'CREATED',
        message: 'Created',
        occurredAt: minutesAgo(24 * 60 * 2),
        account: { email: 'bob@example.com' },
      }),
    ]);
    const entries = await screen.findAllByRole('listitem');
    const [finished, changed, created] = entries.filter((item) => item.closest('ol[aria-label="Events"]'));
    if (!finished || !changed || !created) throw new Error('three events expected');
    expect(finished).toHaveTextContent('Deploy finished');
    expect(finished).toHaveTextContent('Deploy finished: 1 of 1 replicas running nginx:1.28');
    expect(within(finished).getByText(/^2 minutes ago/)).toBeVisible();
    expect(finished.querySelector('time')).toHaveAttribute('title', expect.stringMatching(/\d{4}/));
    expect(finished).not.toHaveTextContent(' by ');
    expect(within(finished).queryByRole('button')).not.toBeInTheDocument();

    expect(changed).toHaveTextContent('ChangedChanged image by ada@example.com');
    expect(within(created).getByText(/^2 days ago/)).toBeVisible();
    expect(created).toHaveTextContent('by bob@example.com');
    // Nothing changed field by field in a creation: nothing to open.
    expect(within(created).queryByRole('button')).not.toBeInTheDocument();

    const show = within(changed).getByRole('button', { name: 'Show changes (1)' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(within(changed).queryByText('nginx:1.27')).not.toBeInTheDocument();
    await user.click(show);
    const hide = within(changed).getByRole('button', { name: 'Hide changes' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(within(changed).getByText('image')).toBeVisible();
    expect(within(changed).getByText('nginx:1.27').closest('del')).not.toBeNull();
    expect(within(changed).getByText('nginx:1.28').closest('ins')).not.toBeNull();
    await user.click(hide);
    expect(within(changed).queryByText('nginx:1.27')).not.toBeInTheDocument();
  });

  it('follows the container while it changes: the deploy finishing shows up without a reload', async () => {
    let eventsAsked = 0;
    let deployed = false;
    const started = event('event:1', { type: 'DEPLOY_STARTED', message: 'Deploy started: nginx:1.28' });
    const finished = event('event:2', {
      type: 'DEPLOY_FINISHED',
      message: 'Deploy finished: 1 of 1 running',
    });
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      // Updating (so the overview polls it) until its events have been shown once, then running.
      graphql.query('Container', () => {
        deployed = eventsAsked > 0;
        const state = deployed ? { state: 'running', locked: false } : { state: 'updating', locked: true };
        return HttpResponse.json({ data: { container: { ...container, ...state } } });
      }),
      graphql.query('DefaultContainerAddress', () =>
        HttpResponse.json({
          data: { namespace: { id: '1', defaultContainerAddress: 'web-shop.apps.localhost' } },
        }),
      ),
      graphql.query('ContainerEvents', () => {
        eventsAsked += 1;
        return HttpResponse.json({
          data: { container: { id: '7', events: deployed ? [finished, started] : [started] } },
        });
      }),
    );
    renderWithProviders({ path: '/compute/serverless-containers/shop/container/web/overview' });
    expect(await screen.findByText('Deploy started: nginx:1.28')).toBeVisible();
    expect(await screen.findByText('Deploy finished: 1 of 1 running', {}, { timeout: 6000 })).toBeVisible();
  }, 10_000);

  it('says when nothing has happened yet', async () => {
    openContainerOverview(() => []);
    expect(await screen.findByText('No events yet')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Events' })).not.toBeInTheDocument();
  });

  it('says when the events could not be loaded, and tries again', async () => {
    let failures = 1;
    const { user } = openContainerOverview(() => {
      if (failures-- > 0) return 'fails';
      return [event('event:1', { type: 'SCALED', message: 'Scaled from 1 to 3 replicas' })];
    });
    expect(await screen.findByText('The events could not be loaded')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await eventsListFound()).toHaveTextContent('ScaledScaled from 1 to 3 replicas');
  });
});

describe('events on the job overview', () => {
  it('lists its runs starting and finishing', async () => {
    const job: ContainerJobQuery['containerJob'] = {
      name: 'report',
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      entrypoint: null,
      command: null,
      schedule: '0 4 * * *',
      enabled: true,
      timeoutSeconds: null,
      retries: 0,
      state: 'created',
      locked: false,
      privateRegistry: null,
      environmentVariables: [],
      mounts: [],
      runs: [],
    };
    const events: ContainerJobEventsQuery['containerJob']['events'] = [
      event('event:2', {
        type: 'RUN_FINISHED',
        message: 'Run report-manual-ab12c failed: Exited with code 3',
      }),
      event('event:1', {
        type: 'RUN_STARTED',
        message: 'Run report-manual-ab12c started by ada@example.com',
      }),
    ];
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      graphql.query('ContainerJob', () => HttpResponse.json({ data: { containerJob: job } })),
      graphql.query('ContainerJobEvents', () => HttpResponse.json({ data: { containerJob: { events } } })),
    );
    renderWithProviders({ path: '/compute/serverless-containers/shop/container-job/report/overview' });
    const section = within(await screen.findByRole('region', { name: 'Events' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(2));
    const [finished, started] = section.getAllByRole('listitem');
    expect(finished).toHaveTextContent('Run finishedRun report-manual-ab12c failed: Exited with code 3');
    expect(started).toHaveTextContent('Run startedRun report-manual-ab12c started by ada@example.com');
  });
});

describe('paging and kinds of events', () => {
  /** The container's events: 23 deploy events and one failure; answers a page as the platform would. */
  function serveManyEvents() {
    const all: ContainerEvent[] = Array.from({ length: 23 }, (_, index) =>
      event(`event:${23 - index}`, {
        type: index === 4 ? 'REPLICA_FAILED' : 'DEPLOY_FINISHED',
        message:
          index === 4 ? 'Replica web-abc-1 failed: exited with code 3' : `Deploy ${23 - index} finished`,
      }),
    );
    const asked: ContainerEventsQueryVariables[] = [];
    server.use(
      graphql.query<ContainerEventsQuery, ContainerEventsQueryVariables>(
        'ContainerEvents',
        ({ variables }) => {
          asked.push(variables);
          const ofKind = variables.kinds?.includes('FAILURES')
            ? all.filter((each) => each.type === 'REPLICA_FAILED')
            : variables.kinds?.includes('RUNS')
              ? []
              : all;
          const start = variables.after ? ofKind.findIndex((each) => each.cursor === variables.after) + 1 : 0;
          const page = ofKind.slice(start, start + variables.limit);
          return HttpResponse.json({ data: { container: { id: '7', events: page } } });
        },
      ),
    );
    return asked;
  }

  it('shows 20, and the older ones a page at a time after the last one shown', async () => {
    openContainerOverview(() => []);
    const asked = serveManyEvents();
    const { user } = renderWithProviders({
      path: '/compute/serverless-containers/shop/container/web/overview',
    });
    const section = within(await screen.findByRole('region', { name: 'Events' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(20));
    await user.click(section.getByRole('button', { name: 'Show older events' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(23));
    expect(asked).toContainEqual(expect.objectContaining({ limit: 20, after: 'cursor-event:4' }));
    expect(section.getAllByRole('listitem').at(-1)).toHaveTextContent('Deploy 1 finished');
    // A page shorter than asked was the last.
    expect(section.queryByRole('button', { name: 'Show older events' })).toBeNull();
  });

  it('shows one kind when picked, and says when there is none of it', async () => {
    openContainerOverview(() => []);
    const asked = serveManyEvents();
    const { user } = renderWithProviders({
      path: '/compute/serverless-containers/shop/container/web/overview',
    });
    const section = within(await screen.findByRole('region', { name: 'Events' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(20));
    await user.click(section.getByRole('combobox', { name: 'Show' }));
    await user.click(screen.getByRole('option', { name: 'Failures' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(1));
    expect(section.getByRole('listitem')).toHaveTextContent('Replica web-abc-1 failed: exited with code 3');
    expect(asked.at(-1)?.kinds).toEqual(['FAILURES']);

    await user.click(section.getByRole('combobox', { name: 'Show' }));
    await user.click(screen.getByRole('option', { name: 'Runs' }));
    expect(await section.findByText('No events of this kind')).toBeVisible();
  });
});
