import type { BillingChange, InvoiceFacts } from '../provider.ts';

/** The VAT on a net amount at a rate in hundredths of a percent, rounded to the cent. */
export const vatCents = (netCents: number, rateBasisPoints: number) =>
  Math.round((netCents * rateBasisPoints) / 10_000);

/**
 * A payment the local provider takes, with its invoice: the lines are net prices, VAT at the configured rate
 * (INVOICE_VAT_RATE) is added to their sum, and the card is charged the gross total.
 */
export function localPayment(payment: {
  customerId: number;
  subscription: string;
  invoiceId: string;
  currency: string;
  lines: InvoiceFacts['lines'];
  periodStart: Date;
  periodEnd: Date;
  vatRateBasisPoints: number;
}): BillingChange {
  const subtotalCents = payment.lines.reduce((total, line) => total + line.amountCents, 0);
  const taxCents = vatCents(subtotalCents, payment.vatRateBasisPoints);
  const totalCents = subtotalCents + taxCents;
  return {
    kind: 'payment-succeeded',
    customerId: payment.customerId,
    subscription: payment.subscription,
    amountCents: totalCents,
    invoice: {
      id: payment.invoiceId,
      currency: payment.currency,
      subtotalCents,
      taxCents,
      taxRateBasisPoints: payment.vatRateBasisPoints,
      totalCents,
      lines: payment.lines,
      periodStart: payment.periodStart.toISOString(),
      periodEnd: payment.periodEnd.toISOString(),
    },
  };
}
