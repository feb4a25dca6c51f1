import { act, render, screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContainerLogsQuery, ContainerLogsQueryVariables } from '../../src/gql/console-logs/graphql.ts';
import { LogLines } from '../../src/features/logs/components/log-lines.tsx';
import { LogViewer } from '../../src/features/logs/components/log-viewer.tsx';
import { renderWithProviders } from '../support/render.tsx';
import { blobText, captureDownloads } from '../support/downloads.ts';
import { server } from '../support/server.ts';

// The log viewer (features/logs): the newest lines oldest first, then the live tail over GraphQL over SSE;
// filter asked of the server, pause and resume, stderr marked, download, and a window of rows only.

type Line = ContainerLogsQuery['containerLogs'][number];

const line = (id: number, text: string, stream: Line['stream'] = 'STDOUT'): Line => ({
  id: String(id),
  occurredAt: `2025-01-01T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
  stream,
  line: text,
  replica: 'web-abc12-1',
  run: null,
});

const source = { kind: 'container', namespace: 'shop', container: 'web' } as const;

/** Answers the recent-lines query with the newest `lines` (given oldest first), remembering each ask. */
function recentLines(lines: Line[]) {
  const asked: ContainerLogsQueryVariables[] = [];
  server.use(
    graphql.query<ContainerLogsQuery, ContainerLogsQueryVariables>('ContainerLogs', ({ variables }) => {
      asked.push(variables);
      const matching = lines.filter(
        (each) => !variables.query.filter || each.line.includes(variables.query.filter),
      );
      return HttpResponse.json({ data: { containerLogs: [...matching].reverse() } });
    }),
  );
  return asked;
}

interface TailRequest {
  variables: { afterId?: string; filter?: string };
  send: (line: Line) => void;
  /** The connection drops, as a network failure would drop it. */
  drop: () => void;
}

/** Serves the tail subscriptions (GraphQL over SSE): each request is handed to the test to send lines on. */
function tails() {
  const requests: TailRequest[] = [];
  const encoder = new TextEncoder();
  server.use(
    http.post('*/graphql/console-logs', async ({ request }) => {
      if (!request.headers.get('accept')?.includes('text/event-stream')) return undefined;
      const body = (await request.json()) as { variables: TailRequest['variables'] };
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({ start: (given) => void (controller = given) });
      requests.push({
        variables: body.variables,
        send: (sent) =>
          controller.enqueue(
            encoder.encode(`event: next\ndata: ${JSON.stringify({ data: { containerLogTail: sent } })}\n\n`),
          ),
        drop: () => controller.error(new TypeError('network error')),
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return requests;
}

const logRegion = () => screen.findByRole('region', { name: 'Log lines' });

describe('log viewer', () => {
  // jsdom lays nothing out: the log shows 400 px, each row is 20 px high.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('aria-label') === 'Log lines' ? 400 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the newest lines oldest first, stderr marked, then new lines as they are written', async () => {
    recentLines([line(1, 'Listening on port 80'), line(2, 'Disk almost full', 'STDERR')]);
    const opened = tails();
    renderWithProviders(<LogViewer source={source} live downloadName="web" />);

    const region = await logRegion();
    await waitFor(() => expect(within(region).getByText('Disk almost full')).toBeVisible());
    const rows = [...region.querySelectorAll('[data-index]')].map((row) => row.textContent);
    expect(rows[0]).toContain('Listening on port 80');
    expect(rows[1]).toContain('stderr: Disk almost full');
    expect(rows[0]).not.toContain('stderr');

    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]?.variables.afterId).toBe('2');
    await screen.findByText('Following');
    opened[0]?.send(line(3, 'GET / 200'));
    expect(await within(region).findByText('GET / 200')).toBeVisible();
  });

  it('asks the server for the filtered lines and tail', async () => {
    const asked = recentLines([line(1, 'GET / 200'), line(2, 'boom: failed')]);
    const opened = tails();
    const { user } = renderWithProviders(<LogViewer source={source} live downloadName="web" />);
    await within(await logRegion()).findByText('GET / 200');

    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'boom');
    await waitFor(() => expect(asked.at(-1)?.query.filter).toBe('boom'));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Log lines' })).queryByText('GET / 200')).toBeNull(),
    );
    expect(screen.getByText('boom: failed')).toBeVisible();
    await waitFor(() => expect(opened.at(-1)?.variables).toMatchObject({ afterId: '2', filter: 'boom' }));
  });

  it('holds new lines back while paused and shows them on resume', async () => {
    recentLines([line(1, 'Started')]);
    const opened = tails();
    const { user } = renderWithProviders(<LogViewer source={source} live downloadName="web" />);
    await within(await logRegion()).findByText('Started');
    await waitFor(() => expect(opened).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    opened[0]?.send(line(2, 'written while paused'));
    opened[0]?.send(line(3, 'also while paused'));
    expect(await screen.findByText('Paused · 2 new lines')).toBeVisible();
    expect(screen.queryByText('written while paused')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('written while paused')).toBeVisible();
    expect(screen.getByText('also while paused')).toBeVisible();
    expect(screen.getByText('Following')).toBeVisible();
  });

  it('resumes after a dropped connection from the newest line it had: nothing lost, nothing twice', async () => {
    recentLines([line(1, 'Started')]);
    const opened = tails();
    renderWithProviders(<LogViewer source={source} live downloadName="web" />);
    const region = await logRegion();
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]?.send(line(2, 'before the drop'));
    await within(region).findByText('before the drop');

    opened[0]?.drop();
    expect(await screen.findByText('Connection lost, reconnecting…')).toBeVisible();
    await waitFor(() => expect(opened).toHaveLength(2), { timeout: 5000 });
    expect(opened[1]?.variables.afterId).toBe('2');
    opened[1]?.send(line(3, 'after the drop'));
    await within(region).findByText('after the drop');
    expect(within(region).getAllByText('before the drop')).toHaveLength(1);
  });

  it('downloads the lines shown as a .log file', async () => {
    recentLines([line(1, 'Started'), line(2, 'Disk almost full', 'STDERR')]);
    tails();
    const downloads = captureDownloads();
    const { user } = renderWithProviders(<LogViewer source={source} live downloadName="web-shop" />);
    await within(await logRegion()).findByText('Started');

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(downloads.map((download) => download.name)).toEqual(['web-shop.log']);
    expect(await blobText(downloads[0]?.blob ?? new Blob())).toBe(
      '2025-01-01T10:00:01.000Z web-abc12-1 stdout Started\n' +
        '2025-01-01T10:00:02.000Z web-abc12-1 stderr Disk almost full\n',
    );
  });

  it('says why the log cannot be loaded when the platform refuses', async () => {
    server.use(
      graphql.query('ContainerLogs', () =>
        HttpResponse.json({
          errors: [
            { message: 'Replica web-abc12-2 of container web not found', extensions: { code: 'NOT_FOUND' } },
          ],
        }),
      ),
    );
    renderWithProviders(
      <LogViewer source={{ ...source, replica: 'web-abc12-2' }} live downloadName="web-abc12-2" />,
    );
    expect(await screen.findByRole('heading', { name: 'The log could not be loaded' })).toBeVisible();
    expect(screen.getByText('Replica web-abc12-2 of container web not found')).toBeVisible();
  });

  it('says so when there are no lines yet', async () => {
    recentLines([]);
    const opened = tails();
    renderWithProviders(<LogViewer source={source} live downloadName="web" />);
    expect(await screen.findByRole('heading', { name: 'No log lines yet' })).toBeVisible();
    await waitFor(() => expect(opened[0]?.variables.afterId).toBe('0'));
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('renders only a window of 10,000 lines', () => {
    const lines = Array.from({ length: 10_000 }, (_, index) => line(index + 1, `line number ${index + 1}`));
    act(() => {
      render(<LogLines lines={lines} showTimestamps showWriter={false} />);
    });
    const rows = screen.getByRole('region', { name: 'Log lines' }).querySelectorAll('[data-index]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    // jsdom does not scroll: the window is the one at the start.
    expect(screen.getByText('line number 1')).toBeInTheDocument();
    expect(screen.queryByText('line number 5000')).toBeNull();
    expect(screen.queryByText('line number 10000')).toBeNull();
  });
});
