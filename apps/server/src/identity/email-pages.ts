import { escapeHtml } from '../html.ts';
import { alert, page, type Theme } from './pages.ts';

// The pages of a mailed link that confirms an address (`login-actions/action-token`). The link opens a page
// that asks first: mail scanners that open links do not confirm anything.

export function confirmEmailPage(input: { action: string; newEmail: string | null; theme: Theme }) {
  const what = input.newEmail
    ? `<h1>Use your new email address</h1><p>Your Berth account will use ${escapeHtml(input.newEmail)} to sign in and for its mail.</p>`
    : '<h1>Confirm your email address</h1><p>Confirm it to subscribe and create paid resources.</p>';
  return page(
    'Confirm email address',
    `${what}
<form method="post" action="${escapeHtml(input.action)}">
<button type="submit">${input.newEmail ? 'Use this address' : 'Confirm'}</button>
</form>`,
    { theme: input.theme },
  );
}

export function emailConfirmedPage(input: { email: string; accountUrl: string; theme: Theme }) {
  return page(
    'Email address confirmed',
    `<h1>Your email address is confirmed</h1><p role="status">Your account uses ${escapeHtml(input.email)}.</p>
<a href="${escapeHtml(input.accountUrl)}">Go to your account</a>`,
    { theme: input.theme },
  );
}

export function emailLinkFailedPage(input: {
  problem: 'expired' | 'taken';
  hours: number;
  accountUrl: string;
  theme: Theme;
}) {
  const why =
    input.problem === 'taken'
      ? 'Another account has used this address since the link was sent, so your account keeps its address.'
      : `The link was already used, or it is older than its ${input.hours} hours.`;
  return page(
    'Link expired',
    `<h1>This link no longer works</h1>${alert(why)}
<p>Your account page sends a new link.</p>
<a href="${escapeHtml(input.accountUrl)}">Go to your account</a>`,
    { theme: input.theme },
  );
}
