import { escapeHtml } from '../../../html.ts';
import { formatEuros, type BillablePlan } from '../plans.ts';
import { vatCents } from './payment.ts';
import { CARD_FIELDS, DECLINED_MESSAGE } from './cards.ts';
import { DETAILS_FIELDS } from './details-form.ts';

// The hosted pages of the local provider. They stand for a card payment provider's pages (its own look, a
// test-mode badge), not for the portal: the customer leaves Berth's portal for them and comes back.

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f8fa;--panel:#fff;--text:#1a1f36;--muted:#4f566b;--border:#c9ced8;--accent:#4f46e5;--accent-text:#fff;--error:#c0123c;--focus:#1d4ed8;--badge:#fde68a;--badge-text:#713f12}
@media (prefers-color-scheme:dark){:root{--bg:#0f1117;--panel:#1a1d27;--text:#e7e9f0;--muted:#a3a9ba;--border:#454b5e;--accent:#a5b4fc;--accent-text:#111827;--error:#fda4af;--focus:#93c5fd;--badge:#78350f;--badge-text:#fde68a}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",sans-serif}
.layout{display:flex;flex-wrap:wrap;max-width:920px;margin:0 auto;padding:32px 16px;gap:32px}
.summary{flex:1 1 300px}
.form{flex:1 1 340px;background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.06)}
.merchant{display:flex;align-items:center;gap:10px;font-weight:600}
.badge{font-size:.75rem;font-weight:700;text-transform:uppercase;padding:2px 8px;border-radius:4px;background:var(--badge);color:var(--badge-text)}
.plan{margin:32px 0 4px;color:var(--muted)}
.price{font-size:2.25rem;font-weight:700;margin:0}
.price small{font-size:1rem;font-weight:400;color:var(--muted)}
.note{color:var(--muted);font-size:.875rem}
h1{font-size:1.25rem;margin:0 0 16px}
label{display:block;font-weight:600;font-size:.875rem;margin:14px 0 6px}
input{width:100%;padding:10px 12px;font:inherit;color:var(--text);background:var(--panel);border:1px solid var(--border);border-radius:6px}
.row{display:flex;gap:12px}.row>div{flex:1}.row>.narrow{flex:0 1 40%}
fieldset{border:0;margin:22px 0 0;padding:0;min-width:0}
legend{font-weight:700;padding:0}
.saved-address{white-space:pre-line;margin:6px 0 0}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
[aria-invalid=true]{border-color:var(--error)}
.field-error{color:var(--error);font-size:.8125rem;margin-top:4px}
.alert{border:1px solid var(--error);border-radius:6px;padding:10px 12px;margin:0 0 12px;color:var(--error)}
button{width:100%;margin-top:24px;padding:12px 16px;font:inherit;font-weight:600;border:0;border-radius:6px;background:var(--accent);color:var(--accent-text);cursor:pointer}
.back{display:inline-block;margin-top:16px;color:var(--muted)}
a{color:var(--accent)}
.hint{margin-top:16px;font-size:.8125rem;color:var(--muted)}
code{font-size:.8125rem}
`;

function page(title: string, summary: string, form: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="layout">
<section class="summary" aria-label="Summary">
<div class="merchant">Berth <span class="badge">Test mode</span></div>
${summary}
</section>
<section class="form">${form}</section>
</main>
</body>
</html>`;
}

interface Field {
  name: string;
  label: string;
  value?: string;
  error?: string;
  autocomplete: string;
  type?: string;
  inputmode?: string;
  placeholder?: string;
  required?: boolean;
  /** Where the cursor is when the page opens: the field to correct after a refused submission. */
  autofocus?: boolean;
}

function field(input: Field, className?: string): string {
  const id = `field-${input.name}`;
  const errorId = `${id}-error`;
  const common = `id="${id}" name="${input.name}" autocomplete="${input.autocomplete}"${input.required === false ? '' : ' required'} aria-invalid="${input.error ? 'true' : 'false'}"${input.error ? ` aria-describedby="${errorId}"` : ''}${input.placeholder ? ` placeholder="${escapeHtml(input.placeholder)}"` : ''}${input.autofocus ? ' autofocus' : ''}`;
  const control = `<input ${common} type="${input.type ?? 'text'}"${input.inputmode ? ` inputmode="${input.inputmode}"` : ''} value="${escapeHtml(input.value ?? '')}">`;
  return `<div${className ? ` class="${className}"` : ''}><label for="${id}">${escapeHtml(input.label)}</label>${control}${
    input.error ? `<div class="field-error" id="${errorId}">${escapeHtml(input.error)}</div>` : ''
  }</div>`;
}

const alert = (message?: string) =>
  message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';

/** The first of `fields` (in page order) that has an error. */
const firstInvalid = <T extends string>(fields: readonly T[], errors: Partial<Record<T, string>>) =>
  fields.find((name) => errors[name] !== undefined);

export interface CheckoutPageInput {
  action: string;
  cancelUrl: string;
  plan: BillablePlan;
  /** INVOICE_VAT_RATE in hundredths of a percent: added to the plan's net price. */
  vatRateBasisPoints: number;
  email: string;
  values?: { name?: string; expiry?: string };
  errors?: Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'name', string>>;
  /** The whole form's message: the decline. */
  error?: string;
}

export function checkoutPage(input: CheckoutPageInput): string {
  const errors = input.errors ?? {};
  const net = input.plan.monthlyPriceCents;
  const vat = vatCents(net, input.vatRateBasisPoints);
  const vatNote =
    vat > 0 ? ` plus ${String(input.vatRateBasisPoints / 100)} % VAT (${formatEuros(vat)})` : '';
  const summary = `<p class="plan">Subscribe to ${escapeHtml(input.plan.name)}</p>
<p class="price">${formatEuros(net)} <small>per month${vatNote}</small></p>
<p class="note">Billed monthly in EUR to ${escapeHtml(input.email)}. Usage is billed on top at the listed rates. Cancel any time.</p>
<a class="back" href="${escapeHtml(input.cancelUrl)}">← Back to Berth</a>`;
  const invalid = Object.keys(errors).length > 0;
  // A declined card is typed again from its number, which the page does not keep.
  const focus = input.error ? 'cardNumber' : firstInvalid(CARD_FIELDS, errors);
  const form = `<h1>Pay with card</h1>
${alert(input.error ?? (invalid ? 'Check the highlighted fields.' : undefined))}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', error: errors.cardNumber, autofocus: focus === 'cardNumber' })}
<div class="row">
${field({ name: 'expiry', label: 'Expiry (MM / YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM / YY', value: input.values?.expiry, error: errors.expiry, autofocus: focus === 'expiry' })}
${field({ name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', error: errors.cvc, autofocus: focus === 'cvc' })}
</div>
${field({ name: 'name', label: 'Name on card', autocomplete: 'cc-name', value: input.values?.name, error: errors.name, autofocus: focus === 'name' })}
<button type="submit">Subscribe for ${formatEuros(net + vat)} a month</button>
</form>
<p class="hint">Test mode: the card <code>4242 4242 4242 4242</code> is charged, <code>4000 0000 0000 0002</code> is declined (“${escapeHtml(DECLINED_MESSAGE)}”); any future expiry date and any CVC.</p>`;
  return page(`Subscribe to ${input.plan.name}`, summary, form);
}

export type DetailsField = (typeof DETAILS_FIELDS)[number];

export interface DetailsPageInput {
  action: string;
  returnUrl: string;
  values: Partial<Record<DetailsField, string>>;
  errors?: Partial<Record<DetailsField, string>>;
  /** The address as saved before it was asked in parts (one text): shown to be entered again in parts. */
  savedAddress?: string;
}

export function detailsPage(input: DetailsPageInput): string {
  const errors = input.errors ?? {};
  const { values } = input;
  const focus = firstInvalid(DETAILS_FIELDS, errors);
  /** A field of the form, with its value, error and the cursor when it is the first to correct. */
  const detailsField = (
    name: DetailsField,
    options: Omit<Field, 'name' | 'value' | 'error' | 'autofocus'>,
    className?: string,
  ) =>
    field(
      { name, ...options, value: values[name], error: errors[name], autofocus: focus === name },
      className,
    );
  const savedAddress = input.savedAddress
    ? `<p class="note">Your address as saved before, to enter in its parts below:</p>
<p class="saved-address">${escapeHtml(input.savedAddress)}</p>`
    : '';
  const summary = `<p class="plan">Billing details</p>
<p class="note">These details appear on your invoices. Invoices are sent to the email address you give here.</p>
<a class="back" href="${escapeHtml(input.returnUrl)}">← Back to Berth</a>`;
  const form = `<h1>Update billing details</h1>
${alert(Object.keys(errors).length > 0 ? 'Check the highlighted fields.' : undefined)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${detailsField('companyName', { label: 'Company name', autocomplete: 'organization' })}
<fieldset>
<legend>Billing address</legend>
${savedAddress}
${detailsField('street', { label: 'Street and house number', autocomplete: 'address-line1' })}
<div class="row">
${detailsField('postalCode', { label: 'Postal code', autocomplete: 'postal-code' }, 'narrow')}
${detailsField('city', { label: 'City', autocomplete: 'address-level2' })}
</div>
${detailsField('country', { label: 'Country', autocomplete: 'country-name' })}
</fieldset>
${detailsField('vatNumber', { label: 'VAT number (optional)', autocomplete: 'off', placeholder: 'DE123456789', required: false })}
${detailsField('invoiceEmail', { label: 'Email for invoices', type: 'email', autocomplete: 'email' })}
<button type="submit">Save</button>
</form>`;
  return page('Update billing details', summary, form);
}

/** An expired, used or unknown session: nothing to do on this page any more. */
export function sessionGonePage(message: string, backUrl: string | undefined): string {
  return page(
    'Link no longer valid',
    `<p class="plan">This page is no longer available</p>`,
    `<h1>${escapeHtml(message)}</h1><p class="note">Start again from Berth to get a new link.</p>${
      backUrl ? `<a class="back" href="${escapeHtml(backUrl)}">← Back to Berth</a>` : ''
    }`,
  );
}
