import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { account } from '../support/handlers.ts';
import { server } from '../support/server.ts';
import {
  openDialog,
  openSignIn,
  refusal,
  section,
  twoFactorOff,
  type Sent,
} from '../support/account-sign-in.ts';

// The account page's Email address section (issue 26): whether the address is confirmed (and sending the
// link again), and changing it with the current password, the platform's refusals at the field they name.

const unconfirmed = graphql.query('Account', () =>
  HttpResponse.json({ data: { account: { ...account, emailVerified: false } } }),
);

describe('the email address', () => {
  it('says it is confirmed, or offers to send the link again', async () => {
    const confirmed = openSignIn(twoFactorOff);
    expect((await section('Email address')).getByText(/confirmed/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    confirmed.unmount();

    server.use(unconfirmed);
    const { user, sent } = openSignIn(twoFactorOff);
    const email = await section('Email address');
    expect(
      await email.findByText(/Not confirmed yet: follow the link we mailed to ada@example.com/),
    ).toBeVisible();
    await user.click(email.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('A new link is on its way to ada@example.com.')).toBeVisible();
    expect(sent).toEqual<Sent[]>([{ operation: 'AccountEmailVerificationSend', variables: {} }]);
  });

  it('checks the new address and the password before sending anything', async () => {
    const { user, sent } = openSignIn(twoFactorOff);
    const dialog = await openDialog(user, 'Email address', 'Change email', 'Change email');
    await user.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(await dialog.findByText('Enter the new email address')).toBeVisible();
    expect(dialog.getByText('Enter your current password')).toBeVisible();
    await waitFor(() => expect(dialog.getByLabelText(/^New email address/)).toHaveFocus());
    await user.type(dialog.getByLabelText(/^New email address/), 'ADA@example.com');
    expect(dialog.getByLabelText(/^New email address/)).toHaveAccessibleDescription(
      'This is already your email address',
    );
    await user.clear(dialog.getByLabelText(/^New email address/));
    await user.type(dialog.getByLabelText(/^New email address/), 'ada@');
    expect(dialog.getByLabelText(/^New email address/)).toHaveAccessibleDescription(
      'Enter a valid email address',
    );
    expect(sent).toEqual([]);
  });

  it('sends the change, shows the refusal at its field, then the change under way', async () => {
    const { user, sent } = openSignIn(twoFactorOff, {
      AccountEmailChange: [refusal('currentPassword', 'The current password is not right')],
    });
    const dialog = await openDialog(user, 'Email address', 'Change email', 'Change email');
    await user.type(dialog.getByLabelText(/^New email address/), ' ada@new.example ');
    await user.type(dialog.getByLabelText(/^Current password/), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(await dialog.findByText('The current password is not right')).toBeVisible();
    await waitFor(() => expect(dialog.getByLabelText(/^Current password/)).toHaveFocus());

    await user.clear(dialog.getByLabelText(/^Current password/));
    await user.type(dialog.getByLabelText(/^Current password/), 'right');
    await user.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText('Follow the link we mailed to ada@new.example to finish the change.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await (
        await section('Email address')
      ).findByText(/Moving to ada@new.example: follow the link mailed there/),
    ).toBeVisible();
    expect(sent.map((each) => each.variables)).toEqual([
      { newEmail: 'ada@new.example', currentPassword: 'wrong' },
      { newEmail: 'ada@new.example', currentPassword: 'right' },
    ]);
  });
});
