import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { server, startServer, takeUnhandledRequests } from './support/server.ts';

// Screens render through the router and lazy chunks, which on a busy machine takes more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(startServer);

// jsdom lays nothing out, so it has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// A signed-in customer: the session's token is read from local storage (lib/auth/session-store.ts).
beforeEach(() => {
  window.localStorage.setItem(
    'berth.session',
    JSON.stringify({ access_token: 'test-token', expires_at: Math.floor(Date.now() / 1000) + 3600 }),
  );
});

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  expect(await takeUnhandledRequests(), 'requests no handler answered').toEqual([]);
});

afterAll(() => server.close());
