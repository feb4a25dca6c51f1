import { graphql, HttpResponse } from 'msw';
import type { AccountSession } from '../../src/features/account/api/sessions.ts';

// The account page's Sessions section (issue 26): browsers signed in, as the platform lists them.

export const thisSession: AccountSession = {
  id: '1',
  device: 'Chrome on Linux',
  address: '192.0.2.10',
  createdAt: '2030-01-14T08:00:00.000Z',
  lastSeenAt: '2030-01-15T09:30:00.000Z',
  current: true,
};

export const phoneSession: AccountSession = {
  id: '2',
  device: 'Safari on iOS',
  address: '198.51.100.7',
  createdAt: '2030-01-10T12:00:00.000Z',
  lastSeenAt: '2030-01-15T08:00:00.000Z',
  current: false,
};

export const laptopSession: AccountSession = {
  id: '3',
  device: 'Firefox on Windows',
  address: '203.0.113.20',
  createdAt: '2030-01-01T12:00:00.000Z',
  lastSeenAt: '2030-01-12T18:45:00.000Z',
  current: false,
};

export const sessionsAnswer = (sessions: AccountSession[] | null) =>
  graphql.query('AccountSessions', () =>
    HttpResponse.json({ data: { account: { id: 'account-1', sessions } } }),
  );
