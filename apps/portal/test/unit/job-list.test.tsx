import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Next runs are computed in UTC and written in the customer's time zone: the test runs in Berlin to see both.
const originalTimeZone = vi.hoisted(() => {
  const original = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
  return original;
});
afterAll(() => {
  process.env.TZ = originalTimeZone;
});

vi.mock('../../src/lib/graphql/platform.ts', () => ({
  platformRequest: vi.fn(
    async (_document: unknown, { input }: { input: { name: string; enabled: boolean } }) => ({
      containerJobModify: { name: input.name, enabled: input.enabled, state: 'updating', locked: true },
    }),
  ),
}));
// Links need a router; the list's links are not what is tested here.
vi.mock('../../src/components/router-links.tsx', () => ({
  TextLink: ({ children }: { children: ReactNode }) => <a href="#job">{children}</a>,
}));

const { platformRequest } = await import('../../src/lib/graphql/platform.ts');
const { ResourceTable } = await import('../../src/components/resource-table.tsx');
const { jobColumns } = await import('../../src/features/container-jobs/components/job-columns.tsx');
type JobRow = import('../../src/features/container-jobs/components/job-columns.tsx').JobRow;

const jobs: JobRow[] = [
  {
    name: 'weekly-report',
    image: 'ghcr.io/acme/report:3',
    schedule: '0 4 * * 1',
    enabled: true,
    state: 'created',
    locked: false,
    runs: [
      { name: 'weekly-report-manual-ab12c', status: 'running', startTime: '2025-01-01T09:30:00Z' },
      { name: 'weekly-report-29000000', status: 'failed', startTime: '2024-12-30T04:00:00Z' },
    ],
  },
  {
    name: 'cleanup',
    image: 'busybox',
    schedule: '*/15 * * * *',
    enabled: false,
    state: 'updating',
    locked: true,
    runs: [],
  },
];

// Wednesday, 1 January 2025, 10:00 UTC.
const now = new Date('2025-01-01T10:00:00Z');

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ResourceTable
        label="Container jobs"
        columns={jobColumns('web', now)}
        rows={jobs}
        rowKey={(job) => job.name}
        empty={null}
      />
    </QueryClientProvider>,
  );
  return {
    report: screen.getByRole('row', { name: /weekly-report/ }),
    cleanup: screen.getByRole('row', { name: /cleanup/ }),
  };
}

describe('container job list', () => {
  beforeEach(() => {
    vi.mocked(platformRequest).mockClear();
  });

  it('shows each schedule in words (UTC) above its expression', async () => {
    const { report, cleanup } = renderList();
    expect(await within(report).findByText('At 04:00 AM, only on Monday (UTC)')).toBeInTheDocument();
    expect(within(report).getByText('0 4 * * 1')).toBeInTheDocument();
    expect(within(cleanup).getByText('Every 15 minutes (UTC)')).toBeInTheDocument();
  });

  it('shows the next run, computed in UTC, in local time; none while the schedule is off', () => {
    const { report, cleanup } = renderList();
    // Monday 6 January, 04:00 UTC is 05:00 in Berlin.
    expect(within(report).getByText('Jan 6, 2025, 5:00 AM')).toBeInTheDocument();
    expect(within(cleanup).getByText('Not scheduled')).toBeInTheDocument();
  });

  it('shows the newest run with its state and start, or that there was none; a changing job its state', () => {
    const { report, cleanup } = renderList();
    expect(within(report).getByText('running')).toBeInTheDocument();
    expect(within(report).getByText('Jan 1, 2025, 10:30 AM')).toBeInTheDocument();
    expect(within(report).queryByText('failed')).not.toBeInTheDocument();
    expect(within(cleanup).getByText('Never run')).toBeInTheDocument();
    expect(within(cleanup).getByText('updating')).toBeInTheDocument();
    expect(within(report).queryByText('created')).not.toBeInTheDocument();
  });

  it('turns a schedule off by sending only enabled, and cannot while the job is locked', async () => {
    const { report, cleanup } = renderList();
    expect(within(cleanup).getByRole('switch', { name: 'Run cleanup on its schedule' })).toBeDisabled();
    const toggle = within(report).getByRole('switch', { name: 'Run weekly-report on its schedule' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(platformRequest).toHaveBeenCalledOnce());
    expect(vi.mocked(platformRequest).mock.calls[0]?.[1]).toEqual({
      input: { namespace: 'web', name: 'weekly-report', enabled: false },
    });
  });

  it('shows the new position as the click lands and takes no second click until the request settles', async () => {
    const { report } = renderList();
    const toggle = within(report).getByRole('switch', { name: 'Run weekly-report on its schedule' });
    // A plain click event, with no waiting after it: what a keyboard or browser user sees at once.
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(platformRequest).toHaveBeenCalledOnce());
  });
});
