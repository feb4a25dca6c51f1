// Money as the portal writes it: the APIs give amounts in cents of a currency, and the portal writes them in the
// customer's locale. Every price on screen goes through here.

/** An amount in cents (the APIs' `amount`, may be a fraction of a cent once divided) of a currency. */
export interface Money {
  amountCents: number;
  currency: string;
}

/**
 * `€12.40`. `precise` keeps up to four decimals for prices below a cent's worth of precision, such as a
 * run-hour's share of a monthly price (`€0.0023`); otherwise the currency's own decimals.
 */
export function formatMoney({ amountCents, currency }: Money, { precise = false } = {}): string {
  // One formatter per currency and precision: a list writes a price in every row, again at each refresh, and
  // making an Intl.NumberFormat costs far more than using one.
  const format = (moneyFormats[`${currency} ${precise}`] ??= new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency,
    ...(precise && { maximumFractionDigits: 4 }),
  }));
  return format.format(amountCents / 100);
}

const moneyFormats: Record<string, Intl.NumberFormat> = {};

/** `€3.40–€17.00`, or one amount when both ends are the same. */
export function formatMoneyRange(low: Money, high: Money): string {
  const [from, to] = [formatMoney(low), formatMoney(high)];
  return from === to ? from : `${from}–${to}`;
}

/** `€9.00 per month`. */
export function formatMonthlyPrice(price: Money): string {
  return `${formatMoney(price)} per month`;
}

/** The amount times a count (replicas, GB). */
export function multiply(price: Money, count: number): Money {
  return { amountCents: price.amountCents * count, currency: price.currency };
}
