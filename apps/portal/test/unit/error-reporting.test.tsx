/// <reference types="node" />
import { flush } from '@sentry/react';
import { act, Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  loadErrorReporting,
  reportReactError,
  type ErrorReportingSettings,
} from '../../src/lib/telemetry/errors.ts';
import { startSentryReceiver, type SentryReceiver } from '../../../server/test/support/sentry-receiver.ts';
import { server } from '../support/server.ts';

// The portal's SDK against a local stand-in of Sentry's ingestion (the server tests' receiver): what an error
// boundary catches arrives with the build's release and environment, a "not found" error never does.

let receiver: SentryReceiver;
let settings: ErrorReportingSettings;

beforeAll(async () => {
  receiver = await startSentryReceiver();
  settings = {
    dsn: receiver.dsn,
    environment: 'staging',
    release: 'berth-portal@1.2.3',
    hosts: ['localhost', 'portal.berth.example'],
    apiOrigins: [window.location.origin],
  };
});
afterAll(() => receiver.close());

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  override render = () => (this.state.failed ? <p>Something went wrong</p> : this.props.children);
}

function Failing({ message }: { message: string }): ReactNode {
  throw new Error(message);
}

/** Renders a failing screen inside an error boundary, in a root that reports as main.tsx's does. */
async function renderFailing(message: string) {
  const container = document.createElement('div');
  const root = createRoot(container, { onCaughtError: reportReactError });
  await act(async () =>
    root.render(
      <Boundary>
        <Failing message={message} />
      </Boundary>,
    ),
  );
  expect(container.textContent).toBe('Something went wrong');
  root.unmount();
}

describe('error reporting', () => {
  it('is off without a DSN and on hosts it is not for', async () => {
    expect(await loadErrorReporting({ ...settings, dsn: '' }, 'localhost')).toBe(false);
    expect(await loadErrorReporting(settings, 'portal.elsewhere.example')).toBe(false);
  });

  it('sends what an error boundary catches with release and environment, never "not found"', async () => {
    server.use(http.all(`${new URL(receiver.dsn).origin}/*`, () => passthrough()));
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React's report of the caught errors
    expect(await loadErrorReporting(settings, 'localhost')).toBe(true);

    await renderFailing('Namespace x not found');
    await renderFailing('NOT FOUND');
    await renderFailing('The chart could not be drawn');
    await flush(5000);

    expect(receiver.events).toHaveLength(1);
    expect(receiver.events[0]).toMatchObject({
      release: 'berth-portal@1.2.3',
      environment: 'staging',
      // The error itself, and React's component stack chained to it.
      exception: {
        values: expect.arrayContaining([
          expect.objectContaining({ type: 'Error', value: 'The chart could not be drawn' }),
        ]),
      },
    });
  });
});
