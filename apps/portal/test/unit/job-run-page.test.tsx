import { act, screen, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRunLogsQuery, JobRunLogsQueryVariables } from '../../src/gql/console-logs/graphql.ts';
import type { ContainerJobQuery } from '../../src/gql/graphql.ts';
import { namespace } from '../support/fixtures.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A job's runs: each named in the runs table with what started it and a link to its page; the page shows one
// run's status, timing, trigger and message, and follows it while it runs, with its log (issue 15).

type JobDetails = ContainerJobQuery['containerJob'];
type JobRun = JobDetails['runs'][number];

const failedRun: JobRun = {
  name: 'report-manual-ab12c',
  trigger: 'MANUAL',
  status: 'failed',
  startTime: '2025-01-02T09:30:00Z',
  endTime: '2025-01-02T09:30:07Z',
  duration: 7,
  message: 'Exited with code 3',
  attempts: 1,
};

const scheduledRun: JobRun = {
  name: 'report-29000000',
  trigger: 'SCHEDULE',
  status: 'succeeded',
  startTime: '2025-01-02T04:00:00Z',
  endTime: '2025-01-02T04:01:05Z',
  duration: 65,
  message: 'Completed',
  attempts: 1,
};

const job = (runs: JobRun[]): JobDetails => ({
  name: 'report',
  image: 'alpine:3.20',
  resources: 'CPU_250_RAM_500',
  entrypoint: null,
  command: ['sh', '-c', 'exit 3'],
  schedule: '0 4 * * *',
  enabled: true,
  timeoutSeconds: null,
  retries: 0,
  state: 'created',
  locked: false,
  privateRegistry: null,
  environmentVariables: [],
  mounts: [],
  runs,
});

/** Answers the ContainerJob query with each answer in turn (the last one from then on); counts the asks. */
function serveJob(...answers: (JobDetails | 'not found')[]) {
  let asked = 0;
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('ContainerJob', () => {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return answer === 'not found'
        ? HttpResponse.json({ errors: [{ message: 'Job not found', extensions: { code: 'NOT_FOUND' } }] })
        : HttpResponse.json({ data: { containerJob: answer } });
    }),
  );
  return { asked: () => asked };
}

type LogLine = JobRunLogsQuery['jobRunLogs'][number];

/** The lines each run wrote (oldest first); the log's live tail opens and stays quiet. */
function serveRunLogs(lines: Record<string, LogLine[]>) {
  server.use(
    graphql.query<JobRunLogsQuery, JobRunLogsQueryVariables>('JobRunLogs', ({ variables }) =>
      HttpResponse.json({ data: { jobRunLogs: [...(lines[variables.source.run] ?? [])].reverse() } }),
    ),
    http.post('*/graphql/console-logs', ({ request }) =>
      request.headers.get('accept')?.includes('text/event-stream')
        ? new HttpResponse(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } })
        : undefined,
    ),
  );
}

const logLine = (id: number, run: string, line: string, stream: LogLine['stream'] = 'STDOUT'): LogLine => ({
  id: String(id),
  occurredAt: `2025-01-02T09:30:0${id}.000Z`,
  stream,
  line,
  replica: null,
  run,
});

const jobPath = '/compute/serverless-containers/shop/container-job/report';
const openRun = (runName: string) => renderWithProviders({ path: `${jobPath}/runs/${runName}` });

const fact = (term: string) => {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

beforeEach(() => {
  serveRunLogs({});
  // jsdom lays nothing out: the log shows 400 px, each of its rows is 20 px high.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('aria-label') === 'Log lines' ? 400 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('runs table', () => {
  it('links each run by name to its page, with what started it beside', async () => {
    serveJob(job([failedRun, scheduledRun]));
    const { user, router } = renderWithProviders({ path: `${jobPath}/overview` });
    const runs = within(await screen.findByRole('table', { name: 'Runs' }));
    const manual = runs.getByRole('row', { name: /report-manual-ab12c/ });
    expect(within(manual).getByRole('cell', { name: 'report-manual-ab12c Manual' })).toBeVisible();
    const scheduled = runs.getByRole('row', { name: /report-29000000/ });
    expect(within(scheduled).getByRole('cell', { name: 'report-29000000 Scheduled' })).toBeVisible();
    expect(within(scheduled).getByRole('link', { name: 'report-29000000' })).toHaveAttribute(
      'href',
      `${jobPath}/runs/report-29000000`,
    );

    // From the keyboard: the run's link takes focus and Enter opens the run.
    const link = within(manual).getByRole('link', { name: 'report-manual-ab12c' });
    link.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: /report-manual-ab12c/ })).toBeVisible();
    expect(router.state.location.pathname).toBe(`${jobPath}/runs/report-manual-ab12c`);
  });
});

describe('run page', () => {
  it('shows a finished run: status, trigger, times, duration and message', async () => {
    serveJob(job([failedRun, scheduledRun]));
    openRun('report-manual-ab12c');
    // Below the job's own heading and tabs.
    expect(await screen.findByRole('heading', { level: 1, name: /^report/ })).toBeVisible();
    const heading = await screen.findByRole('heading', { level: 2, name: /report-manual-ab12c/ });
    expect(within(heading).getByText('failed')).toBeVisible();
    expect(fact('Trigger')).toBe('Manual');
    expect(fact('Started')).toBe(new Date(failedRun.startTime ?? '').toLocaleString('en-US', dateStyle));
    expect(fact('Ended')).toBe(new Date(failedRun.endTime ?? '').toLocaleString('en-US', dateStyle));
    expect(fact('Duration')).toBe('7 s');
    expect(fact('Message')).toBe('Exited with code 3');
  });

  it('shows the log of this run, its error on stderr', async () => {
    serveRunLogs({
      'report-manual-ab12c': [
        logLine(1, 'report-manual-ab12c', 'Started sh -c exit 3'),
        logLine(2, 'report-manual-ab12c', 'Error: sh -c exit 3 failed', 'STDERR'),
        logLine(3, 'report-manual-ab12c', 'exited with code 3', 'STDERR'),
      ],
      'report-29000000': [logLine(4, 'report-29000000', 'Completed')],
    });
    serveJob(job([failedRun, scheduledRun]));
    openRun('report-manual-ab12c');
    const log = within(await screen.findByRole('region', { name: 'Log' }));
    expect(await log.findByText('exited with code 3')).toBeVisible();
    expect(log.getByText('Started sh -c exit 3')).toBeVisible();
    expect(log.queryByText('Completed')).not.toBeInTheDocument();
  });

  it('says a scheduled run was started by the schedule', async () => {
    serveJob(job([failedRun, scheduledRun]));
    openRun('report-29000000');
    await screen.findByRole('heading', { level: 2, name: /report-29000000/ });
    expect(fact('Trigger')).toBe('Scheduled');
    expect(fact('Duration')).toBe('1 min 5 s');
  });

  it('leads back through the job and its namespace’s jobs in the breadcrumbs and title', async () => {
    serveJob(job([failedRun]));
    openRun('report-manual-ab12c');
    const trail = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getByRole('link', { name: 'Container jobs' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/container-jobs',
    );
    expect(trail.getByRole('link', { name: 'report' })).toHaveAttribute('href', `${jobPath}/overview`);
    expect(trail.getByText('report-manual-ab12c').closest('[aria-current="page"]')).not.toBeNull();
    expect(document.title).toBe('report-manual-ab12c · report · shop | Berth');
  });

  it('counts a running run’s duration each second and follows it until it ends', async () => {
    vi.useFakeTimers({
      now: new Date('2025-01-02T09:30:42Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    const running: JobRun = {
      ...failedRun,
      status: 'running',
      endTime: null,
      duration: null,
      message: 'Running',
    };
    const polls = serveJob(job([running]), job([running]), job([failedRun]));
    openRun('report-manual-ab12c');
    const heading = await screen.findByRole('heading', { level: 2, name: /report-manual-ab12c/ });
    expect(within(heading).getByText('running')).toBeVisible();
    expect(fact('Ended')).toBe('Not yet');
    expect(fact('Duration')).toBe('42 s');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fact('Duration')).toBe('43 s');

    // The page asks again every two seconds while the run is under way, and shows how it ended.
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(await within(heading).findByText('failed')).toBeVisible();
    expect(fact('Duration')).toBe('7 s');
    const asked = polls.asked();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(polls.asked()).toBe(asked);
  });

  it('stops a running run once asked, and offers nothing to stop once it has ended', async () => {
    const running: JobRun = {
      ...failedRun,
      status: 'running',
      endTime: null,
      duration: null,
      message: 'Running',
    };
    const stops: unknown[] = [];
    const stopped: JobRun = { ...running, status: 'failed', message: 'Stopped by ada@example.com' };
    server.use(
      graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
      // Running until stopped: once it is, the page hears it has ended (before the stop's own callbacks run).
      graphql.query('ContainerJob', () =>
        HttpResponse.json({ data: { containerJob: job([stops.length ? stopped : running]) } }),
      ),
      graphql.mutation('ContainerJobRunStop', ({ variables }) => {
        stops.push(variables);
        return HttpResponse.json({
          data: {
            containerJobRunStop: {
              name: running.name,
              status: 'failed',
              message: 'Stopped by ada@example.com',
            },
          },
        });
      }),
    );
    const { user } = openRun('report-manual-ab12c');
    await user.click(await screen.findByRole('button', { name: 'Stop run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop run report-manual-ab12c?' });
    expect(stops).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Stop run' }));
    expect(await screen.findByText('Run report-manual-ab12c stopped')).toBeVisible();
    expect(stops).toEqual([{ namespace: 'shop', name: 'report', run: 'report-manual-ab12c' }]);
    expect(fact('Message')).toBe('Stopped by ada@example.com');
    expect(screen.queryByRole('button', { name: 'Stop run' })).toBeNull();
  });

  it('has no stop for an ended run, and counts the attempts of a job that retries', async () => {
    serveJob({ ...job([{ ...failedRun, attempts: 3 }]), retries: 2 });
    openRun('report-manual-ab12c');
    await screen.findByRole('heading', { level: 2, name: /report-manual-ab12c/ });
    expect(fact('Attempts')).toBe('3 of 3');
    expect(screen.queryByRole('button', { name: 'Stop run' })).toBeNull();
  });

  it('says a run the job does not have is not found, with the way to its runs', async () => {
    serveJob(job([failedRun]));
    openRun('report-manual-zzzzz');
    expect(await screen.findByRole('heading', { level: 2, name: 'Run not found' })).toBeVisible();
    expect(screen.getByText(/Container job report has no run called “report-manual-zzzzz”/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Show its runs' })).toHaveAttribute(
      'href',
      `${jobPath}/overview`,
    );
  });

  it('says the job is not found when it is gone', async () => {
    serveJob('not found');
    openRun('report-manual-ab12c');
    expect(await screen.findByRole('heading', { level: 1, name: 'Container job not found' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Log' })).not.toBeInTheDocument();
  });

  it('shows it is loading until the job arrives', async () => {
    serveJob(job([failedRun]));
    openRun('report-manual-ab12c');
    expect(await screen.findByLabelText('Loading container job')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: /report-manual-ab12c/ })).toBeVisible();
  });
});

const dateStyle: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
