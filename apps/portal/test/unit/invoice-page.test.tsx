import { screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceQuery } from '../../src/gql/billing/graphql.ts';
import { renderWithProviders } from '../support/render.tsx';
import { blobText, captureDownloads } from '../support/downloads.ts';
import { server } from '../support/server.ts';

// The printable invoice page (/account/billing/invoices/$number): who issues the invoice to whom, its
// number, dates, lines, VAT, total and status; Print; Download PDF; the provider's own page; an unknown number.

const billingApi = graphql.link('/graphql/billing');
const euros = (amountCents: number) => ({ amountCents, currency: 'EUR' });

const paidInvoice: InvoiceQuery = {
  invoice: {
    id: '1',
    number: 'BERTH-000001',
    issuedAt: '2029-11-15T12:00:00.000Z',
    periodStart: '2029-11-15T12:00:00.000Z',
    periodEnd: '2029-12-15T12:00:00.000Z',
    status: 'PAID',
    issuer: {
      name: 'Berth Cloud GmbH',
      address: ['Hafenstraße 1', '20457 Hamburg'],
      vatNumber: 'DE123456789',
    },
    lines: [
      { description: 'Serverless containers, monthly (EUR)', amount: euros(900) },
      { description: 'Cloud databases, monthly (EUR)', amount: euros(1500) },
    ],
    subtotal: euros(2400),
    tax: euros(456),
    taxRatePercent: 19,
    total: euros(2856),
    pdfPath: '/billing/invoices/BERTH-000001.pdf',
    hostedUrl: null,
  },
  billingDetails: {
    companyName: 'Analytical Engines Ltd',
    address: '12 Marylebone Road\nLondon NW1 5LR',
    vatNumber: 'GB123456789',
    invoiceEmail: 'invoices@engines.example',
  },
};

/** The billing API's answer to the Invoice query; remembers the number asked for. */
function serveInvoice(answer: InvoiceQuery | 'not found' | 'error') {
  const asked: string[] = [];
  server.use(
    billingApi.query('Invoice', ({ variables }) => {
      asked.push(String(variables.number));
      if (answer === 'not found')
        return HttpResponse.json({
          errors: [{ message: 'Invoice not found', extensions: { code: 'NOT_FOUND' } }],
        });
      if (answer === 'error')
        return HttpResponse.json({
          errors: [{ message: 'Billing is down', extensions: { code: 'INTERNAL' } }],
        });
      return HttpResponse.json({ data: answer });
    }),
  );
  return asked;
}

const openInvoice = (number = 'BERTH-000001') =>
  renderWithProviders({ path: `/account/billing/invoices/${number}` });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('invoice page', () => {
  it('shows the issuer, the customer, number, dates, period, lines, VAT, total and status', async () => {
    const asked = serveInvoice(paidInvoice);
    openInvoice();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice BERTH-000001' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Invoice BERTH-000001 | Berth'));
    expect(asked).toEqual(['BERTH-000001']);

    // The page's title comes before the invoice itself.
    const from = (await screen.findByRole('heading', { name: 'From' })).parentElement as HTMLElement;
    expect(within(from).getByText('Berth Cloud GmbH')).toBeVisible();
    expect(within(from).getByText('Hafenstraße 1')).toBeVisible();
    expect(within(from).getByText('20457 Hamburg')).toBeVisible();
    expect(within(from).getByText('VAT number DE123456789')).toBeVisible();
    const to = screen.getByRole('heading', { name: 'Billed to' }).parentElement as HTMLElement;
    expect(within(to).getByText('Analytical Engines Ltd')).toBeVisible();
    expect(within(to).getByText(/12 Marylebone Road\s+London NW1 5LR/)).toBeVisible();
    expect(within(to).getByText('VAT number GB123456789')).toBeVisible();
    expect(within(to).getByText('invoices@engines.example')).toBeVisible();

    expect(screen.getByText('Nov 15, 2029')).toBeVisible();
    expect(screen.getByText(/Nov 15\s*–\s*Dec 15, 2029/)).toBeVisible();
    expect(screen.getByText('paid')).toBeVisible();
    const lines = within(screen.getByRole('table', { name: 'Invoice lines' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['Serverless containers, monthly (EUR)', '€9.00'],
      ['Cloud databases, monthly (EUR)', '€15.00'],
      ['Subtotal (net)', '€24.00'],
      ['VAT 19 %', '€4.56'],
      ['Total', '€28.56'],
    ]);
    // Stripe's invoices have a page of their own; the built-in provider's do not.
    expect(screen.queryByRole('link', { name: /Payment provider/ })).not.toBeInTheDocument();
  });

  it('leads back to Billing in its breadcrumbs', async () => {
    serveInvoice(paidInvoice);
    openInvoice();
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/account/billing');
    expect(within(trail).getByText('Invoice BERTH-000001')).toBeVisible();
  });

  it('prints with the browser’s print dialog', async () => {
    serveInvoice(paidInvoice);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = openInvoice();
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('downloads the PDF with the session’s token, and says so when it fails', async () => {
    serveInvoice(paidInvoice);
    const authorizations: (string | null)[] = [];
    let failing = false;
    server.use(
      http.get('/billing/invoices/BERTH-000001.pdf', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        if (failing) return new HttpResponse(null, { status: 503 });
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    const downloads = captureDownloads();
    const { user } = openInvoice();

    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(downloads.map((download) => download.name)).toEqual(['invoice-BERTH-000001.pdf']),
    );
    expect(authorizations).toEqual(['Bearer test-token']);
    expect(downloads[0]?.blob.type).toBe('application/pdf');
    // The answer's own blob (fetch's), not one the page made.
    expect(await blobText(downloads[0]?.blob as Blob)).toBe('%PDF');

    failing = true;
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF could not be downloaded. Try again.')).toBeVisible();
    expect(downloads).toHaveLength(1);
    // The snack bar is the app's one (a module's state): closed, it does not follow into the next test.
    await user.click(screen.getByRole('button', { name: 'Close message' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('links to the payment provider’s page of the invoice when it has one, in a new tab', async () => {
    serveInvoice({
      ...paidInvoice,
      invoice: { ...paidInvoice.invoice, status: 'OPEN', hostedUrl: 'https://pay.example.com/invoice/in_1' },
    });
    openInvoice();
    const link = await screen.findByRole('link', { name: /Payment provider/ });
    expect(link).toHaveAttribute('href', 'https://pay.example.com/invoice/in_1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('payment due')).toBeVisible();
  });

  it('says when billing details were never saved', async () => {
    serveInvoice({ ...paidInvoice, billingDetails: null });
    openInvoice();
    expect(await screen.findByText(/No billing details saved/)).toBeVisible();
  });

  it('says an unknown number names no invoice, quietly, with the way back to Billing', async () => {
    serveInvoice('not found');
    openInvoice('BERTH-999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeVisible();
    expect(screen.getByText('There is no invoice numbered “BERTH-999999” in your account.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/account/billing');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('says when the invoice could not be loaded', async () => {
    serveInvoice('error');
    openInvoice();
    expect(await screen.findByRole('heading', { name: 'This invoice could not be loaded' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
