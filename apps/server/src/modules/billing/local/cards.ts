import type { CardSummary } from '../provider.ts';

// The card form of the local provider's checkout, checked as a payment provider's test mode does: the
// usual test card is charged, the usual "declined" test card is declined, anything else says what is wrong.

export const TEST_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';
export const DECLINED_MESSAGE = 'Your card was declined.';

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}
export type CardField = keyof CardForm;
/** The card form's fields, in the page's order. */
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const satisfies readonly CardField[];

export type CardCheck =
  | { outcome: 'charged'; card: CardSummary }
  | { outcome: 'declined'; message: string }
  | { outcome: 'invalid'; errors: Partial<Record<CardField, string>> };

/** The Luhn checksum every card number satisfies. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function cardNumberError(digits: string): string | undefined {
  if (!digits) return 'Enter your card number.';
  if (!/^\d+$/.test(digits)) return 'Your card number may only contain digits.';
  if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) return 'Your card number is invalid.';
  return undefined;
}

/** Month and four-digit year of "MM/YY", "MM / YY" or "MM/YYYY", or a message. */
function parseExpiry(text: string, now: Date): { month: number; year: number } | string {
  if (!text) return "Enter your card's expiry date.";
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text);
  if (!match) return 'Enter the expiry date as MM / YY.';
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiry month is invalid.";
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + month - 1 < thisMonth) return "Your card's expiry date is in the past.";
  if (year > now.getUTCFullYear() + 20) return "Your card's expiry year is invalid.";
  return { month, year };
}

export function checkCard(form: CardForm, now: Date): CardCheck {
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  const errors: Partial<Record<CardField, string>> = {};
  const numberError = cardNumberError(digits);
  if (numberError) errors.cardNumber = numberError;
  const expiry = parseExpiry(form.expiry.trim(), now);
  if (typeof expiry === 'string') errors.expiry = expiry;
  const cvc = form.cvc.trim();
  if (!cvc) errors.cvc = "Enter your card's security code.";
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = "Your card's security code is incomplete.";
  if (!form.name.trim()) errors.name = 'Enter the name on the card.';
  else if (form.name.length > 200) errors.name = 'The name is too long (200 characters at most).';
  if (!numberError && digits !== TEST_CARD && digits !== DECLINED_CARD) {
    errors.cardNumber = 'This checkout is in test mode and takes no real cards: use 4242 4242 4242 4242.';
  }
  if (Object.keys(errors).length > 0 || typeof expiry === 'string') return { outcome: 'invalid', errors };
  if (digits === DECLINED_CARD) return { outcome: 'declined', message: DECLINED_MESSAGE };
  return {
    outcome: 'charged',
    card: { brand: 'Visa', last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year },
  };
}
