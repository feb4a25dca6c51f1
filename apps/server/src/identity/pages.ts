import { createHash } from 'node:crypto';
import { escapeHtml } from '../html.ts';

// Server-rendered pages of the identity provider, in the portal's look and theme: the portal keeps the
// customer's choice in the `berth_theme` cookie (light, the default; dark; or system, following the device);
// red-orange action colour in light, teal in dark; square, flat, capitalised buttons.

/** Submits the sign-out form at once when the page is marked to (a client sent id_token_hint). */
const AUTO_SUBMIT_SCRIPT =
  "var f=document.getElementById('op.logoutForm');if(f&&document.body.dataset.autoSubmit==='true'){f.requestSubmit?f.requestSubmit(document.getElementById('confirm-sign-out')):f.submit();}";
/** CSP hash of the only inline script, so script-src needs no 'unsafe-inline'. */
export const AUTO_SUBMIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64')}'`;

const DARK =
  'color-scheme:dark;--bg:#121417;--card:#1d2126;--text:#eceff1;--muted:#aab2bd;--border:#4a515c;--accent:#26a69a;--accent-text:#06201d;--error:#ef9a9a;--focus:#80cbc4';

const STYLE = `
:root{color-scheme:light;--bg:#f4f5f7;--card:#fff;--text:#1d2127;--muted:#5b6270;--border:#c4c8d0;--accent:#c73e13;--accent-text:#fff;--error:#c62828;--focus:#1565c0}
:root[data-theme=dark]{${DARK}}
@media (prefers-color-scheme:dark){:root[data-theme=system]{${DARK}}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{width:100%;padding:16px 24px;font-weight:700;font-size:1.25rem;letter-spacing:.02em}
main{width:100%;max-width:420px;padding:16px}
.card{background:var(--card);border:1px solid var(--border);padding:32px 24px}
h1{margin:0 0 8px;font-size:1.5rem;font-weight:600}
p{margin:0 0 20px;color:var(--muted)}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:12px;font:inherit;color:var(--text);background:transparent;border:1px solid var(--border);border-radius:0}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--error)}
.field-error{color:var(--error);font-size:.875rem;margin-top:4px}
.alert{border-left:4px solid var(--error);padding:10px 12px;margin:0 0 16px;color:var(--error);background:color-mix(in srgb,var(--error) 10%,transparent)}
button{display:block;width:100%;margin-top:24px;padding:14px 16px;font:inherit;font-weight:600;text-transform:uppercase;letter-spacing:.04em;border:0;border-radius:0;background:var(--accent);color:var(--accent-text);cursor:pointer}
button.secondary{background:transparent;color:var(--text);border:1px solid var(--border);margin-top:12px}
.switch{margin-top:20px;text-align:center;color:var(--muted)}
a{color:var(--accent)}
.qr{display:block;width:200px;height:200px;margin:0 auto 12px;background:#fff;padding:8px}
.qr svg{display:block;width:100%;height:100%}
.secret{font-family:ui-monospace,monospace;letter-spacing:.08em;overflow-wrap:anywhere;text-align:center;color:var(--text)}
.codes{columns:2;font-family:ui-monospace,monospace;font-size:1.05rem;padding-left:1.5em}
`;

export type Theme = 'light' | 'dark' | 'system';

/** The theme a `berth_theme` cookie value names; light (the portal's default) for anything else. */
export const themeOf = (cookie: string | undefined): Theme =>
  cookie === 'dark' || cookie === 'system' ? cookie : 'light';

export function page(
  title: string,
  body: string,
  options: { autoSubmit?: boolean; theme?: Theme } = {},
): string {
  return `<!doctype html>
<html lang="en" data-theme="${options.theme ?? 'light'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Berth</title>
<style>${STYLE}</style>
</head>
<body data-auto-submit="${options.autoSubmit ? 'true' : 'false'}">
<header>Berth</header>
<main><div class="card">${body}</div></main>
${options.autoSubmit ? `<script>${AUTO_SUBMIT_SCRIPT}</script>` : ''}
</body>
</html>`;
}

interface Field {
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  error?: string;
  /** e.g. `inputmode="numeric"` for codes. */
  extra?: string;
}

export function field({ name, label, type, autocomplete, value, error, extra = '' }: Field): string {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" type="${type}" autocomplete="${autocomplete}" required ${extra}
 ${value !== undefined ? `value="${escapeHtml(value)}"` : ''} aria-invalid="${error ? 'true' : 'false'}"
 ${error ? `aria-describedby="${errorId}"` : ''}>
${error ? `<div class="field-error" id="${errorId}">${escapeHtml(error)}</div>` : ''}`;
}

export const alert = (message?: string) =>
  message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';

export function signInPage(input: {
  action: string;
  registerUrl: string;
  /** "Forgot password?" (the built-in provider's reset page). */
  resetUrl: string;
  email?: string;
  error?: string;
  theme: Theme;
}) {
  return page(
    'Sign in',
    `<h1>Sign in</h1><p>Welcome back. Sign in to manage your containers and databases.</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: input.email ?? '' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' })}
<div class="switch"><a href="${escapeHtml(input.resetUrl)}">Forgot password?</a></div>
<button type="submit">Sign in</button>
</form>
<div class="switch">New to Berth? <a href="${escapeHtml(input.registerUrl)}">Create an account</a></div>`,
    { theme: input.theme },
  );
}

export interface SignUpValues {
  name?: string;
  email?: string;
}

export function signUpPage(input: {
  action: string;
  signInUrl: string;
  values?: SignUpValues;
  errors?: Partial<Record<'name' | 'email' | 'password' | 'passwordConfirm', string>>;
  error?: string;
  theme: Theme;
}) {
  const errors = input.errors ?? {};
  return page(
    'Create an account',
    `<h1>Create an account</h1><p>Run serverless containers and managed databases in minutes.</p>
${alert(input.error ?? (Object.keys(errors).length ? 'Please correct the highlighted fields.' : undefined))}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'name', label: 'Name', type: 'text', autocomplete: 'name', value: input.values?.name ?? '', error: errors.name })}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.values?.email ?? '', error: errors.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password })}
${field({ name: 'passwordConfirm', label: 'Repeat password', type: 'password', autocomplete: 'new-password', error: errors.passwordConfirm })}
<button type="submit">Create account</button>
</form>
<div class="switch">Already have an account? <a href="${escapeHtml(input.signInUrl)}">Sign in</a></div>`,
    { theme: input.theme },
  );
}

export function signOutPage(form: string, autoSubmit: boolean, theme: Theme) {
  return page(
    'Sign out',
    `<h1>Sign out</h1><p>Do you want to sign out of Berth?</p>
${form}
<button id="confirm-sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>`,
    { autoSubmit, theme },
  );
}

export function signedOutPage(portalUrl: string, theme: Theme) {
  return page(
    'Signed out',
    `<h1>You are signed out</h1><p>See you soon.</p><a href="${escapeHtml(portalUrl)}">Back to Berth</a>`,
    { theme },
  );
}

export function errorPage(message: string, portalUrl: string, theme: Theme) {
  return page(
    'Something went wrong',
    `<h1>Something went wrong</h1>${alert(message)}<a href="${escapeHtml(portalUrl)}">Back to Berth</a>`,
    { theme },
  );
}

const codeField = (error?: string) =>
  field({
    name: 'code',
    label: 'Code',
    type: 'text',
    autocomplete: 'one-time-code',
    error,
    extra: 'inputmode="numeric" autocapitalize="off" spellcheck="false"',
  });

/** Sign-in's second step, for an account with two-factor authentication. */
export function secondFactorPage(input: { action: string; error?: string; theme: Theme }) {
  return page(
    'Two-factor authentication',
    `<h1>Two-factor authentication</h1><p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${codeField()}
<button type="submit">Verify</button>
</form>`,
    { theme: input.theme },
  );
}

/** Setting up an authenticator app: its QR code (an inline SVG), the secret to type instead, a first code. */
export function twoFactorSetupPage(input: {
  action: string;
  qrSvg: string;
  secret: string;
  replacing: boolean;
  error?: string;
  theme: Theme;
}) {
  const grouped = input.secret.match(/.{1,4}/g)?.join(' ') ?? input.secret;
  return page(
    'Set up two-factor authentication',
    `<h1>Set up two-factor authentication</h1>
<p>Scan this code with an authenticator app (such as Google Authenticator, 1Password or Aegis), then enter the 6-digit code it shows.${input.replacing ? ' This replaces the app you use now.' : ''}</p>
${alert(input.error)}
<div class="qr" role="img" aria-label="QR code of your two-factor secret">${input.qrSvg}</div>
<p class="secret">Or type this key: <span id="totp-secret">${escapeHtml(grouped)}</span></p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${codeField(input.error ? 'Enter the current code from your app' : undefined)}
<button type="submit">Turn on two-factor authentication</button>
</form>`,
    { theme: input.theme },
  );
}

/** The recovery codes, shown once, after two-factor authentication is turned on. */
export function recoveryCodesPage(input: { action: string; codes: string[]; theme: Theme }) {
  return page(
    'Recovery codes',
    `<h1>Two-factor authentication is on</h1>
<p>Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app; they are not shown again.</p>
<ul class="codes" aria-label="Recovery codes">${input.codes.map((code) => `<li>${escapeHtml(code)}</li>`).join('')}</ul>
<form method="post" action="${escapeHtml(input.action)}">
<button type="submit">Continue to Berth</button>
</form>`,
    { theme: input.theme },
  );
}
