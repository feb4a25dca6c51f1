import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  openDialog,
  openSignIn,
  refusal,
  section,
  tooManyAttempts,
  twoFactorOff,
  twoFactorOn,
  type Answer,
  type Sent,
} from '../support/account-sign-in.ts';

// The account page's Password section (issue 26): the password changed with the current one (and a code with
// two-factor sign-in on), checked before anything is sent, the platform's refusals at the field they name.

const openPasswordDialog = (user: ReturnType<typeof openSignIn>['user']) =>
  openDialog(user, 'Password', 'Change password', 'Change password');

describe('changing the password', () => {
  it('says what is missing or wrong before sending anything, and focuses the first field to fix', async () => {
    const { user, sent } = openSignIn(twoFactorOff);
    const dialog = await openPasswordDialog(user);
    expect(dialog.queryByRole('textbox', { name: /^Code/ })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(await dialog.findByText('Enter your current password')).toBeVisible();
    expect(dialog.getByText('Enter a new password')).toBeVisible();
    expect(dialog.getByText('Repeat the new password')).toBeVisible();
    await waitFor(() => expect(dialog.getByLabelText(/^Current password/)).toHaveFocus());

    await user.type(dialog.getByLabelText(/^New password/), 'short');
    expect(dialog.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      'Password must have at least 8 characters',
    );
    await user.clear(dialog.getByLabelText(/^New password/));
    await user.click(dialog.getByLabelText(/^New password/));
    await user.paste('x'.repeat(1025));
    expect(dialog.getByLabelText(/^New password/)).toHaveAccessibleDescription('Use at most 1024 characters');

    await user.clear(dialog.getByLabelText(/^New password/));
    await user.type(dialog.getByLabelText(/^New password/), 'a new password');
    await user.type(dialog.getByLabelText(/^Repeat new password/), 'a new passwort');
    expect(dialog.getByLabelText(/^Repeat new password/)).toHaveAccessibleDescription(
      'The two new passwords are not the same',
    );
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(sent).toEqual([]);
  });

  it('changes it with the current password, then closes and says other devices were signed out', async () => {
    const { user, sent } = openSignIn(twoFactorOff);
    const dialog = await openPasswordDialog(user);
    await user.type(dialog.getByLabelText(/^Current password/), 'old password');
    await user.type(dialog.getByLabelText(/^New password/), 'a new password');
    await user.type(dialog.getByLabelText(/^Repeat new password/), 'a new password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed. Other devices were signed out.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual<Sent[]>([
      {
        operation: 'AccountPasswordChange',
        variables: { currentPassword: 'old password', newPassword: 'a new password' },
      },
    ]);
  });

  it('with two-factor sign-in on, asks for a code as well and sends it', async () => {
    const { user, sent } = openSignIn(twoFactorOn());
    const dialog = await openPasswordDialog(user);
    await user.type(dialog.getByLabelText(/^Current password/), 'old password');
    await user.type(dialog.getByLabelText(/^New password/), 'a new password');
    await user.type(dialog.getByLabelText(/^Repeat new password/), 'a new password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    expect(
      await dialog.findByText('Enter a code from your authenticator app or a recovery code'),
    ).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: /^Code/ }), ' 123456 ');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.map((change) => change.variables)).toEqual([
      { currentPassword: 'old password', newPassword: 'a new password', code: '123456' },
    ]);
  });

  it.each([
    ['currentPassword', /^Current password/, 'The current password is not right'],
    ['code', /^Code/, 'That code was already used: wait for the next one'],
  ])(
    'shows a refusal of %s at that field, marked and focused, keeping what was typed',
    async (field, label, message) => {
      const { user } = openSignIn(twoFactorOn(), { AccountPasswordChange: [refusal(field, message)] });
      const dialog = await openPasswordDialog(user);
      await user.type(dialog.getByLabelText(/^Current password/), 'old password');
      await user.type(dialog.getByLabelText(/^New password/), 'a new password');
      await user.type(dialog.getByLabelText(/^Repeat new password/), 'a new password');
      await user.type(dialog.getByLabelText(/^Code/), '123456');
      await user.click(dialog.getByRole('button', { name: 'Change password' }));

      const refused = dialog.getByLabelText(label);
      await waitFor(() => expect(refused).toHaveAccessibleDescription(message));
      expect(refused).toHaveAttribute('aria-invalid', 'true');
      expect(refused).toHaveFocus();
      expect(dialog.getByLabelText(/^New password/)).toHaveValue('a new password');
      expect(dialog.getByRole('button', { name: 'Change password' })).toBeEnabled();
    },
  );

  it('the button says it is busy while the change is sent, and the dialog stays until it is done', async () => {
    let answer = (_: Answer) => {};
    const { user } = openSignIn(twoFactorOff, {
      AccountPasswordChange: [new Promise<Answer>((resolve) => (answer = resolve))],
    });
    const dialog = await openPasswordDialog(user);
    await user.type(dialog.getByLabelText(/^Current password/), 'old password');
    await user.type(dialog.getByLabelText(/^New password/), 'a new password');
    await user.type(dialog.getByLabelText(/^Repeat new password/), 'a new password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(dialog.getByRole('button', { name: 'Change password' })).toBeDisabled());
    expect(dialog.getByRole('progressbar')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    answer({ data: { accountPasswordChange: true } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says in the dialog when there were too many attempts', async () => {
    const { user } = openSignIn(twoFactorOff, { AccountPasswordChange: [tooManyAttempts] });
    const dialog = await openPasswordDialog(user);
    await user.type(dialog.getByLabelText(/^Current password/), 'old password');
    await user.type(dialog.getByLabelText(/^New password/), 'a new password');
    await user.type(dialog.getByLabelText(/^Repeat new password/), 'a new password');
    await user.click(dialog.getByRole('button', { name: 'Change password' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Too many attempts: try again in 15 minutes');
  });

  it('a new opening starts empty', async () => {
    const { user } = openSignIn(twoFactorOff);
    let dialog = await openPasswordDialog(user);
    await user.type(dialog.getByLabelText(/^Current password/), 'old password');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openPasswordDialog(user);
    expect(dialog.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('is changed at the identity provider where an external one keeps sign-in', async () => {
    openSignIn(null);
    const password = await section('Password');
    expect(password.getByText(/change your password there/)).toBeVisible();
    expect(password.queryByRole('button')).not.toBeInTheDocument();
  });
});
