import {
  browserProfilingIntegration,
  browserTracingIntegration,
  captureReactException,
  init,
  replayIntegration,
} from '@sentry/react';
import type { ErrorInfo } from 'react';
import type { ErrorReportingSettings } from './errors.ts';

// The Sentry SDK, in a chunk of its own (errors.ts loads it after the first screen).

/** SPEC §9. */
export const SAMPLE_RATES = { traces: 0.2, profiles: 0.2, replays: 0.1, replaysOnError: 1.0 } as const;

/** Starts the SDK; returns how React's caught errors are reported. */
export function startSentry(settings: ErrorReportingSettings): (error: unknown, info: ErrorInfo) => void {
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    // Nothing of the customer's: no user or address, cookies, headers (the bearer token), bodies or queries.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: true, variables: false },
    },
    // SPEC §8: an error saying something was not found is the caller's, however it is capitalised.
    ignoreErrors: [/not found/i],
    tracesSampleRate: SAMPLE_RATES.traces,
    tracePropagationTargets: [...settings.apiOrigins],
    // Profiles of sampled traces, where the browser has the JS Self-Profiling API (Chromium; the server sends
    // `Document-Policy: js-profiling` when it knows the portal's DSN).
    profileSessionSampleRate: SAMPLE_RATES.profiles,
    profileLifecycle: 'trace',
    replaysSessionSampleRate: SAMPLE_RATES.replays,
    replaysOnErrorSampleRate: SAMPLE_RATES.replaysOnError,
    integrations: [
      browserTracingIntegration(),
      browserProfilingIntegration(),
      // Replays show the page's layout, never its text, what is typed or pictures.
      replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
  });
  return (error, info) => captureReactException(error, info);
}
