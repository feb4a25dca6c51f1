import { env } from '@/config/env.ts';
import { session } from '@/lib/auth/session.ts';
import { downloadBlob } from '@/lib/download-file.ts';
import { HttpStatusError } from '@/lib/graphql/errors.ts';

/**
 * Downloads the invoice's PDF (Invoice.pdfPath, a path on the billing server's origin) with the session's
 * token, as the billing REST calls are made: a link alone could not send it.
 */
export async function downloadInvoicePdf(invoice: { number: string; pdfPath: string }): Promise<void> {
  const token = await session.getAccessToken();
  const url = new URL(invoice.pdfPath, new URL(env.billingUrl, window.location.origin));
  const response = await fetch(url, {
    headers: { accept: 'application/pdf', authorization: `Bearer ${token}` },
  });
  if (response.status === 401) {
    session.restartSignIn();
    throw new HttpStatusError(401);
  }
  if (!response.ok) throw new HttpStatusError(response.status);
  downloadBlob(`invoice-${invoice.number}.pdf`, await response.blob());
}
