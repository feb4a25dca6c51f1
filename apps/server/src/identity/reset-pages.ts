import { escapeHtml } from '../html.ts';
import { alert, field, page, type Theme } from './pages.ts';

// The pages of "Forgot password?", on Keycloak's path for it (`login-actions/reset-credentials`).

export function forgotPasswordPage(input: { action: string; portalUrl: string; theme: Theme }) {
  return page(
    'Forgot password',
    `<h1>Forgot your password?</h1><p>Enter the email address of your account. We will mail you a link to choose a new password.</p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email' })}
<button type="submit">Send link</button>
</form>
<div class="switch"><a href="${escapeHtml(input.portalUrl)}">Back to sign in</a></div>`,
    { theme: input.theme },
  );
}

/** The same answer whether or not the address has an account. */
export function resetMailSentPage(input: {
  email: string;
  minutes: number;
  portalUrl: string;
  theme: Theme;
}) {
  return page(
    'Check your mail',
    `<h1>Check your mail</h1><p role="status">If ${escapeHtml(input.email)} belongs to an account, a link to choose a new password is on its way. It works once, within ${input.minutes} minutes.</p>
<p>No mail after a few minutes? Check the spam folder, or ask again.</p>
<a href="${escapeHtml(input.portalUrl)}">Back to sign in</a>`,
    { theme: input.theme },
  );
}

export function newPasswordPage(input: {
  action: string;
  errors?: Partial<Record<'password' | 'passwordConfirm', string>>;
  theme: Theme;
}) {
  const errors = input.errors ?? {};
  return page(
    'Choose a new password',
    `<h1>Choose a new password</h1><p>At least 8 characters. Every device signed in to your account is signed out.</p>
${alert(Object.keys(errors).length ? 'Please correct the highlighted fields.' : undefined)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.password })}
${field({ name: 'passwordConfirm', label: 'Repeat password', type: 'password', autocomplete: 'new-password', error: errors.passwordConfirm })}
<button type="submit">Set password</button>
</form>`,
    { theme: input.theme },
  );
}

export function passwordChangedPage(portalUrl: string, theme: Theme) {
  return page(
    'Password changed',
    `<h1>Your password is changed</h1><p role="status">Every device was signed out. Sign in with your new password.</p>
<a href="${escapeHtml(portalUrl)}">Sign in</a>`,
    { theme },
  );
}

export function resetLinkExpiredPage(input: { askAgainUrl: string; minutes: number; theme: Theme }) {
  return page(
    'Link expired',
    `<h1>This link no longer works</h1>${alert(`The link was already used, or it is older than its ${input.minutes} minutes.`)}
<a href="${escapeHtml(input.askAgainUrl)}">Ask for a new link</a>`,
    { theme: input.theme },
  );
}
