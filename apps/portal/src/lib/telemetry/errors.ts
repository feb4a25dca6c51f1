import type { ErrorInfo } from 'react';
import { env } from '../../config/env.ts';
import { afterFirstScreen } from './after-first-screen.ts';

// Error reporting to Sentry, when the build has a DSN (VITE_SENTRY_DSN) and the portal runs on one of the
// hosts reporting is for (VITE_SENTRY_HOSTS, SPEC §9). The SDK is a chunk of its own, loaded once the first
// screen is up: errors before that are not reported, the ones React's error boundaries catch later are.

export interface ErrorReportingSettings {
  dsn: string;
  environment: string;
  release: string | undefined;
  /** Host names reporting is on for (local, staging, production). */
  hosts: readonly string[];
  /** Where the portal's own APIs are: only requests to them carry trace headers. */
  apiOrigins: readonly string[];
}

type ReactErrorReporter = (error: unknown, info: ErrorInfo) => void;
let reportToSentry: ReactErrorReporter | undefined;

export const errorReportingOn = (settings: ErrorReportingSettings, hostname: string) =>
  settings.dsn !== '' && settings.hosts.includes(hostname.toLowerCase());

/** Loads and starts the SDK now, when reporting is on for this host; resolves whether it started. */
export async function loadErrorReporting(
  settings: ErrorReportingSettings,
  hostname = window.location.hostname,
): Promise<boolean> {
  if (!errorReportingOn(settings, hostname)) return false;
  const { startSentry } = await import('./sentry.ts');
  reportToSentry = startSentry(settings);
  return true;
}

/** Starts error reporting after the first screen, with the build's settings. */
export function startErrorReporting(settings = env.errorReporting): void {
  if (!errorReportingOn(settings, window.location.hostname)) return;
  afterFirstScreen(() => {
    // Reporting is optional: a chunk that fails to load must not disturb the portal.
    loadErrorReporting(settings).catch((error: unknown) =>
      console.warn('Error reporting did not start', error),
    );
  });
}

/**
 * For React's root (onCaughtError, onUncaughtError): logs the error as React does without these, and reports
 * it once the SDK is there.
 */
export function reportReactError(error: unknown, info: ErrorInfo): void {
  console.error(error, info.componentStack);
  reportToSentry?.(error, info);
}
