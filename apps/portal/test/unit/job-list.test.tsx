import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  ContainerJobModifyMutationVariables,
  NamespaceContainerJobsQuery,
} from '../../src/gql/graphql.ts';
import { namespace } from '../support/fixtures.ts';
import { permissions, priceList, priceListFails } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// Next runs are computed in UTC and written in the customer's time zone: the test runs in Berlin to see both.
const originalTimeZone = vi.hoisted(() => {
  const original = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
  return original;
});
afterAll(() => {
  process.env.TZ = originalTimeZone;
});

type JobRow = NamespaceContainerJobsQuery['namespace']['containerJobs'][number];

const jobs: JobRow[] = [
  {
    name: 'weekly-report',
    image: 'ghcr.io/acme/report:3',
    schedule: '0 4 * * 1',
    resources: 'CPU_250_RAM_500',
    enabled: true,
    state: 'created',
    locked: false,
    runs: [
      { name: 'weekly-report-manual-ab12c', status: 'succeeded', startTime: '2025-01-01T09:30:00Z' },
      { name: 'weekly-report-29000000', status: 'failed', startTime: '2024-12-30T04:00:00Z' },
    ],
  },
  {
    name: 'cleanup',
    image: 'busybox',
    schedule: '*/15 * * * *',
    resources: 'CPU_1000_RAM_2000',
    enabled: false,
    state: 'updating',
    locked: true,
    runs: [],
  },
];

async function renderList() {
  const modified: ContainerJobModifyMutationVariables[] = [];
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('web') } })),
    graphql.query('NamespaceContainerJobs', () =>
      HttpResponse.json({ data: { namespace: { id: '1', containerJobs: jobs } } }),
    ),
    graphql.mutation<object, ContainerJobModifyMutationVariables>('ContainerJobModify', ({ variables }) => {
      modified.push(variables);
      const { name, enabled } = variables.input;
      return HttpResponse.json({
        data: { containerJobModify: { name, enabled, state: 'updating', locked: true } },
      });
    }),
  );
  const rendered = renderWithProviders({ path: '/compute/serverless-containers/web/container-jobs' });
  return {
    ...rendered,
    modified,
    report: await screen.findByRole('row', { name: /weekly-report/ }),
    cleanup: screen.getByRole('row', { name: /cleanup/ }),
  };
}

describe('container job list', () => {
  beforeEach(() => {
    // Wednesday, 1 January 2025, 10:00 UTC; timers run as usual.
    vi.useFakeTimers({ now: new Date('2025-01-01T10:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each schedule in words (UTC) above its expression', async () => {
    const { report, cleanup } = await renderList();
    expect(await within(report).findByText('At 04:00 AM, only on Monday (UTC)')).toBeInTheDocument();
    expect(within(report).getByText('0 4 * * 1')).toBeInTheDocument();
    expect(within(cleanup).getByText('Every 15 minutes (UTC)')).toBeInTheDocument();
  });

  it('shows the next run, computed in UTC, in local time; none while the schedule is off', async () => {
    const { report, cleanup } = await renderList();
    // Monday 6 January, 04:00 UTC is 05:00 in Berlin.
    expect(within(report).getByText('Jan 6, 2025, 5:00 AM')).toBeInTheDocument();
    expect(within(cleanup).getByText('Not scheduled')).toBeInTheDocument();
  });

  it('shows the newest run with its state and start, or that there was none; a changing job its state', async () => {
    const { report, cleanup } = await renderList();
    expect(within(report).getByText('succeeded')).toBeInTheDocument();
    expect(within(report).getByText('Jan 1, 2025, 10:30 AM')).toBeInTheDocument();
    expect(within(report).queryByText('failed')).not.toBeInTheDocument();
    expect(within(cleanup).getByText('Never run')).toBeInTheDocument();
    expect(within(cleanup).getByText('updating')).toBeInTheDocument();
    expect(within(report).queryByText('created')).not.toBeInTheDocument();
  });

  it("shows what an hour of each job's runs costs, from the price list", async () => {
    server.use(priceList({ sizes: { CPU_250_RAM_500: 170, CPU_1000_RAM_2000: 680 } }));
    const { report, cleanup } = await renderList();
    // 170 cents a month over 730 hours is 0.2329 cents; 680 / 730 is 0.9315 cents.
    expect(await within(report).findByRole('cell', { name: '€0.0023' })).toBeInTheDocument();
    expect(within(cleanup).getByRole('cell', { name: '€0.0093' })).toBeInTheDocument();
  });

  it('says on the free start that runs cost nothing until the customer subscribes', async () => {
    server.use(permissions('create-limited'));
    await renderList();
    expect(
      await screen.findByText(
        'Free start: runs cost nothing. The price per run-hour is what a run will cost once you subscribe.',
      ),
    ).toBeVisible();
  });

  it('says in each row when the price list could not be loaded', async () => {
    server.use(priceListFails);
    const { report, cleanup } = await renderList();
    expect(await within(report).findByRole('cell', { name: 'Not loaded' })).toBeInTheDocument();
    expect(within(cleanup).getByRole('cell', { name: 'Not loaded' })).toBeInTheDocument();
  });

  it('links each job to its page', async () => {
    const { report } = await renderList();
    expect(within(report).getByRole('link', { name: 'weekly-report' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/web/container-job/weekly-report',
    );
  });

  it('turns a schedule off by sending only enabled, and cannot while the job is locked', async () => {
    const { report, cleanup, user, modified } = await renderList();
    expect(within(cleanup).getByRole('switch', { name: 'Run cleanup on its schedule' })).toBeDisabled();
    const toggle = within(report).getByRole('switch', { name: 'Run weekly-report on its schedule' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(modified).toHaveLength(1));
    expect(modified[0]).toEqual({ input: { namespace: 'web', name: 'weekly-report', enabled: false } });
    expect(await screen.findByText('weekly-report no longer runs on its schedule')).toBeInTheDocument();
  });

  it('shows the new position as the click lands and takes no second click until the request settles', async () => {
    const { report, modified } = await renderList();
    const toggle = within(report).getByRole('switch', { name: 'Run weekly-report on its schedule' });
    // A plain click event, with no waiting after it: what a keyboard or browser user sees at once.
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(modified).toHaveLength(1));
  });
});
