import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountSession } from '../../src/features/account/api/sessions.ts';
import { formatExact } from '../../src/lib/relative-time.ts';
import { laptopSession, phoneSession, thisSession } from '../support/account-sessions.ts';
import { signInStatus, twoFactorOff } from '../support/account-sign-in.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The account page's Sessions section (issue 26): the browsers signed in with their device, address and last
// use, this one marked; signing one of the others out, or all of them, each after a confirmation.

beforeEach(() => server.use(signInStatus(twoFactorOff)));

/**
 * Opens the account page with these sessions; signing out takes them off the list the platform answers
 * with, and is recorded in `sent`.
 */
function openSessions(initial: AccountSession[] | null) {
  let sessions = initial;
  const sent: { operation: string; variables: Record<string, unknown> }[] = [];
  server.use(
    graphql.query('AccountSessions', () =>
      HttpResponse.json({ data: { account: { id: 'account-1', sessions } } }),
    ),
    graphql.mutation<Record<string, unknown>, { id?: string }>('AccountSessionSignOut', ({ variables }) => {
      sent.push({ operation: 'AccountSessionSignOut', variables });
      sessions = sessions?.filter((session) => session.id !== variables.id) ?? null;
      return HttpResponse.json({ data: { accountSessionSignOut: true } });
    }),
    graphql.mutation('AccountSessionsSignOutOthers', () => {
      sent.push({ operation: 'AccountSessionsSignOutOthers', variables: {} });
      const ended = sessions?.filter((session) => !session.current).length ?? 0;
      sessions = sessions?.filter((session) => session.current) ?? null;
      return HttpResponse.json({ data: { accountSessionsSignOutOthers: ended } });
    }),
  );
  return { ...renderWithProviders({ path: '/account' }), sent };
}

const sessionsSection = async () => within(await screen.findByRole('region', { name: 'Sessions' }));

const rowOf = async (device: string) => {
  const section = await sessionsSection();
  const row = (await section.findByText(device)).closest('tr');
  if (!row) throw new Error(`no row for ${device}`);
  return within(row);
};

describe('sessions', () => {
  it('lists each browser with its device, address and last use, this one marked', async () => {
    openSessions([thisSession, phoneSession, laptopSession]);
    const here = await rowOf('Chrome on Linux');
    expect(here.getByText('This device')).toBeVisible();
    expect(here.getAllByText('192.0.2.10')[0]).toBeVisible();
    expect(here.queryByRole('button')).not.toBeInTheDocument();
    const phone = await rowOf('Safari on iOS');
    expect(phone.queryByText('This device')).not.toBeInTheDocument();
    // The exact time is the relative time's title, and read out after it.
    const seen = phone.getByText((_, element) => element?.tagName === 'TIME');
    expect(seen).toHaveAttribute('title', formatExact(new Date(phoneSession.lastSeenAt)));
    expect(seen).toHaveTextContent(formatExact(new Date(phoneSession.lastSeenAt)));
    expect(phone.getByRole('button', { name: 'Sign out Safari on iOS at 198.51.100.7' })).toBeVisible();
    expect(
      (await sessionsSection()).getByRole('button', { name: 'Sign out all other sessions' }),
    ).toBeVisible();
  });

  it('signs one out after confirming, then keeps the focus in the section', async () => {
    const { user, sent } = openSessions([thisSession, phoneSession, laptopSession]);
    await user.click((await rowOf('Safari on iOS')).getByRole('button', { name: /^Sign out/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out Safari on iOS?' }));
    expect(dialog.getByText(/The browser at 198\.51\.100\.7/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Signed out Safari on iOS')).toBeVisible();
    expect(sent).toEqual([{ operation: 'AccountSessionSignOut', variables: { id: '2' } }]);
    const section = await sessionsSection();
    expect(section.queryByText('Safari on iOS')).not.toBeInTheDocument();
    expect(section.getByText('Firefox on Windows')).toBeVisible();
    await waitFor(() =>
      expect(section.getByRole('button', { name: 'Sign out all other sessions' })).toHaveFocus(),
    );
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const { user, sent } = openSessions([thisSession, phoneSession]);
    await user.click((await rowOf('Safari on iOS')).getByRole('button', { name: /^Sign out/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out Safari on iOS?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect((await sessionsSection()).getByText('Safari on iOS')).toBeVisible();
  });

  it('signs out all others from the keyboard, and says how many', async () => {
    const { user, sent } = openSessions([thisSession, phoneSession, laptopSession]);
    (await (await sessionsSection()).findByRole('button', { name: 'Sign out all other sessions' })).focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out all other sessions?' }));
    expect(dialog.getByText(/2 other sessions and command-line tools/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Sign out all others' }));

    expect(await screen.findByText('Signed out 2 other sessions')).toBeVisible();
    expect(sent).toEqual([{ operation: 'AccountSessionsSignOutOthers', variables: {} }]);
    const section = await sessionsSection();
    expect(section.queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    await waitFor(() => expect(section.getByText('No other browser is signed in.')).toHaveFocus());
  });

  it('an external identity provider keeps them: a sentence says so', async () => {
    openSessions(null);
    expect(
      await (
        await sessionsSection()
      ).findByText('Your organisation’s identity provider keeps your sessions: sign them out there.'),
    ).toBeVisible();
  });
});
