import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppQueryClient } from './app/query-client.ts';
import { createAppRouter, preloadCurrentScreen } from './app/router/router.ts';
import { session } from './lib/auth/session.ts';
import { startAnalytics } from './lib/telemetry/analytics.ts';
import { reportReactError, startErrorReporting } from './lib/telemetry/errors.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Resolves in a task of its own, so the work before and after it are two tasks rather than one long one. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

// Nothing renders before the session is settled: the portal only ever shows a signed-in customer's data.
// Start-up is cut into tasks, and the first render is a transition that React renders in slices: a phone's
// CPU would otherwise not answer input for the whole of it (Lighthouse's total blocking time).
session
  .establish()
  .then(async (ready) => {
    if (!ready) return;
    await nextTask();
    const queryClient = createAppQueryClient();
    const router = createAppRouter(queryClient);
    await nextTask();
    preloadCurrentScreen(router);
    await nextTask();
    const root = createRoot(container, {
      onCaughtError: reportReactError,
      onUncaughtError: reportReactError,
    });
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
      ),
    );
    startAnalytics();
    startErrorReporting();
  })
  .catch((error: unknown) => {
    console.error('Signing in failed', error);
    container.replaceChildren(signInFailure());
  });

function signInFailure(): HTMLElement {
  const box = document.createElement('main');
  box.className = 'boot-message';
  box.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = 'Signing in did not work';
  const text = document.createElement('p');
  text.textContent = 'The sign-in service did not answer as expected. Try again in a moment.';
  const retry = document.createElement('a');
  retry.href = '/';
  retry.textContent = 'Try again';
  box.append(heading, text, retry);
  return box;
}
