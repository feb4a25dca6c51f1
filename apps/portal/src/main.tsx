import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppQueryClient } from './app/query-client.ts';
import { createAppRouter, preloadCurrentScreen } from './app/router/router.ts';
import { session } from './lib/auth/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Nothing renders before the session is settled: the portal only ever shows a signed-in customer's data.
session
  .establish()
  .then((ready) => {
    if (!ready) return;
    const queryClient = createAppQueryClient();
    const router = createAppRouter(queryClient);
    preloadCurrentScreen(router);
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
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
