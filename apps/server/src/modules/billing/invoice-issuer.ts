import type { Environment } from '../../environment.ts';

/** Who issues the invoices, as their page and PDF head them. */
export interface InvoiceIssuer {
  name: string;
  address: string[];
  vatNumber: string | null;
}

export function invoiceIssuer(env: Environment): InvoiceIssuer {
  const [name = 'Berth', ...address] = env.INVOICE_ISSUER;
  return { name, address, vatNumber: env.INVOICE_ISSUER_VAT_NUMBER ?? null };
}

/** Where the invoice's PDF is served (GET, bearer-authenticated like the API). */
export const invoicePdfPath = (number: string) => `/billing/invoices/${encodeURIComponent(number)}.pdf`;
