import type { Environment } from '../../environment.ts';

/** Who issues the invoices, as their page and PDF head them. */
export interface InvoiceIssuer {
  name: string;
  address: string[];
  vatNumber: string | null;
}

export const invoiceIssuer = (env: Environment): InvoiceIssuer => ({
  ...env.INVOICE_ISSUER,
  vatNumber: env.INVOICE_ISSUER_VAT_NUMBER ?? null,
});

/** Where the invoice's PDF is served (GET, bearer-authenticated like the API). */
export const invoicePdfPath = (number: string) => `/billing/invoices/${encodeURIComponent(number)}.pdf`;
