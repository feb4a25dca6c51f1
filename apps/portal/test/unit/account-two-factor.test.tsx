import { screen, waitFor } from '@testing-library/react';
import { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../src/lib/format.ts';
import {
  newCodes,
  openDialog,
  openSignIn,
  refusal,
  section,
  twoFactorOff,
  twoFactorOn,
  type Sent,
} from '../support/account-sign-in.ts';
import { blobText, captureDownloads } from '../support/downloads.ts';

// The account page's two-factor section (issue 26): off, the set-up; on, since when and the recovery codes
// left, moving it to a new app, new recovery codes (shown once) and turning it off, each with a code.

afterEach(() => {
  vi.restoreAllMocks();
});

describe('two-factor sign-in', () => {
  it('off: offers the set-up only', async () => {
    openSignIn(twoFactorOff);
    const twoFactor = await section('Two-factor authentication');
    expect(twoFactor.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Set up two-factor authentication',
    ]);
  });

  it('on: says since when and how many recovery codes are left, and offers what can be done', async () => {
    openSignIn(twoFactorOn(7));
    const twoFactor = await section('Two-factor authentication');
    expect(twoFactor.getByText(`On since ${formatDateTime('2030-01-15T09:30:00.000Z')}.`)).toBeVisible();
    expect(twoFactor.getByText('7 recovery codes left.')).toBeVisible();
    expect(twoFactor.queryByRole('status')).not.toBeInTheDocument();
    expect(twoFactor.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Move to a new app',
      'New recovery codes',
      'Turn off',
    ]);
  });

  it.each([
    [2, '2 recovery codes left.'],
    [1, '1 recovery code left.'],
    [0, 'No recovery codes left.'],
  ])('warns with %i recovery codes left', async (left, text) => {
    openSignIn(twoFactorOn(left));
    const warning = (await section('Two-factor authentication')).getByRole('status');
    expect(warning).toHaveTextContent(text);
    expect(warning).toHaveTextContent('Make new ones');
  });

  it('moving to a new app is the set-up again, back to this page', async () => {
    const signinRedirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue();
    const { user } = openSignIn(twoFactorOn());
    await user.click(
      (await section('Two-factor authentication')).getByRole('button', { name: 'Move to a new app' }),
    );
    await waitFor(() =>
      expect(signinRedirect).toHaveBeenCalledWith({
        state: { returnTo: '/account' },
        extraQueryParams: { kc_action: 'CONFIGURE_TOTP' },
      }),
    );
  });

  it('an external identity provider: only its set-up', async () => {
    openSignIn(null);
    const twoFactor = await section('Two-factor authentication');
    expect(twoFactor.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Set up two-factor authentication',
    ]);
  });
});

describe('new recovery codes', () => {
  it('asks for a code, then shows the ten new codes once, to copy or download', async () => {
    const { user, sent } = openSignIn(twoFactorOn(1), {
      AccountRecoveryCodesRenew: [refusal('code', 'That code is not right')],
    });
    const dialog = await openDialog(
      user,
      'Two-factor authentication',
      'New recovery codes',
      'New recovery codes',
    );
    expect(dialog.getByRole('textbox', { name: /^Code/ })).toHaveFocus();

    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));
    expect(
      await dialog.findByText('Enter a code from your authenticator app or a recovery code'),
    ).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), '111111');
    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Code/ })).toHaveAccessibleDescription(
        'That code is not right',
      ),
    );
    expect(dialog.getByRole('textbox', { name: /^Code/ })).toHaveFocus();

    await user.clear(dialog.getByRole('textbox', { name: /^Code/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'abcde-fghjk');
    await user.click(dialog.getByRole('button', { name: 'Make new codes' }));
    const codes = await dialog.findByRole('list', { name: 'Recovery codes' });
    expect(sent).toEqual<Sent[]>([
      { operation: 'AccountRecoveryCodesRenew', variables: { code: '111111' } },
      { operation: 'AccountRecoveryCodesRenew', variables: { code: 'abcde-fghjk' } },
    ]);
    expect([...codes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(newCodes);
    expect(dialog.getByText(/Your old recovery codes stopped working/)).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Copy the recovery codes' }));
    expect(await navigator.clipboard.readText()).toBe(newCodes.join('\n'));

    const downloads = captureDownloads();
    await user.click(dialog.getByRole('button', { name: 'Download' }));
    expect(downloads.map((download) => download.name)).toEqual(['berth-recovery-codes.txt']);
    expect(await blobText(downloads[0]?.blob ?? new Blob())).toBe(`${newCodes.join('\n')}\n`);

    // Shown once, so a stray Escape (or click outside) does not take them away: only Close does.
    await user.keyboard('{Escape}');
    expect(dialog.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    // Shown once: the next opening asks for a code again.
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The section follows: ten codes again.
    expect(
      await (await section('Two-factor authentication')).findByText('10 recovery codes left.'),
    ).toBeVisible();
    const again = await openDialog(
      user,
      'Two-factor authentication',
      'New recovery codes',
      'New recovery codes',
    );
    expect(again.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(again.getByRole('textbox', { name: /^Code/ })).toHaveValue('');
  });
});

describe('turning two-factor sign-in off', () => {
  it('asks for a code, says a spent one at the field, and once off offers the set-up again', async () => {
    const { user, sent } = openSignIn(twoFactorOn(), {
      AccountTwoFactorDisable: [refusal('code', 'That code was already used: wait for the next one')],
    });
    const dialog = await openDialog(
      user,
      'Two-factor authentication',
      'Turn off',
      'Turn off two-factor authentication?',
    );
    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), '123456');
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Code/ })).toHaveAccessibleDescription(
        'That code was already used: wait for the next one',
      ),
    );
    expect(dialog.getByRole('textbox', { name: /^Code/ })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(dialog.getByRole('textbox', { name: /^Code/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'abcde-fghjk{Enter}');
    expect(await screen.findByText('Two-factor authentication is off.')).toBeVisible();
    expect(sent.map((change) => change.variables)).toEqual([{ code: '123456' }, { code: 'abcde-fghjk' }]);
    const setUp = await (
      await section('Two-factor authentication')
    ).findByRole('button', {
      name: 'Set up two-factor authentication',
    });
    await waitFor(() => expect(setUp).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
