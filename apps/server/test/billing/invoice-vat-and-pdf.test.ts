import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readEnvironment } from '../../src/environment.ts';
import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/billing/gql.ts';
import { checkoutUrl, getPage, GOOD_CARD, postForm } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { useBillingApiServer } from './billing-api-setup.ts';
import { billing as planBilling, CHANGE, cluster, MONTH, PREVIEW, stateOf } from './plan-change-setup.ts';

// Invoices state who issues them, their net, the VAT at the configured rate and the gross total charged,
// and each can be downloaded as a PDF by its customer only.

const INVOICES = graphql(`
  query InvoicesWithTax {
    invoices {
      number
      issuer {
        name
        address
        vatNumber
      }
      lines {
        description
        amount {
          amountCents
        }
      }
      subtotal {
        amountCents
        currency
      }
      tax {
        amountCents
        currency
      }
      taxRatePercent
      total {
        amountCents
        currency
      }
      pdfPath
    }
  }
`);

const { suite, billing, payingCustomer, customerWithUsage } = useBillingApiServer({
  INVOICE_ISSUER: 'Berth Cloud GmbH\nHafenstraße 1\n20457 Hamburg\nGermany',
  INVOICE_ISSUER_VAT_NUMBER: 'DE123456789',
  INVOICE_VAT_RATE: '19',
});

async function onlyInvoice(customer: TestCustomer) {
  const { invoices } = await billing(customer).data(INVOICES);
  const [invoice] = invoices;
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

const download = async (path: string, customer?: TestCustomer) =>
  fetch(`${suite.server.url}${path}`, {
    headers: customer ? { authorization: `Bearer ${await customer.token()}` } : {},
  });

/** The PDF's text, page by page, each page's text items joined by spaces. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('invoices with VAT', () => {
  it('are announced on the checkout page: the net price, the VAT and the gross amount charged', async () => {
    const page = await getPage(await checkoutUrl(suite.server, await createCustomer(suite.server)));
    expect(page.html).toContain('€9.00 <small>per month plus 19 % VAT (€1.71)</small>');
    expect(page.html).toContain('Subscribe for €10.71 a month');
  });

  it('charge the net price plus VAT at the configured rate, and say so with the issuer', async () => {
    const alice = await payingCustomer();
    expect(await onlyInvoice(alice)).toMatchObject({
      number: expect.stringMatching(/^BERTH-\d{6}$/),
      issuer: {
        name: 'Berth Cloud GmbH',
        address: ['Hafenstraße 1', '20457 Hamburg', 'Germany'],
        vatNumber: 'DE123456789',
      },
      lines: [{ description: 'Serverless containers, monthly (EUR)', amount: { amountCents: 900 } }],
      subtotal: { amountCents: 900, currency: 'EUR' },
      // 19 % of €9.00
      tax: { amountCents: 171, currency: 'EUR' },
      taxRatePercent: 19,
      total: { amountCents: 1071, currency: 'EUR' },
    });
  });

  it('add VAT to the sum of a renewal: the next fee and the past usage together', async () => {
    // 68 cents of usage in the period that ends.
    const { customer: alice, periodEnd } = await customerWithUsage();
    await suite.server.services.billing.collectDue(new Date(periodEnd.getTime() + 60_000));

    const { invoices } = await billing(alice).data(INVOICES);
    expect(invoices).toHaveLength(2);
    // €9.68 net; 19 % of it is 183.92 cents, rounded to the cent.
    expect(invoices[0]).toMatchObject({
      subtotal: { amountCents: 968 },
      tax: { amountCents: 184 },
      taxRatePercent: 19,
      total: { amountCents: 1152 },
    });
  });

  it("charge an upgrade's prorated difference with its VAT, as its preview said", async () => {
    const { customer, clusterId } = await cluster(suite.server, 'xs-1');
    const url = await checkoutUrl(suite.server, customer, { planId: 'xs-1', resourceId: clusterId });
    expect((await postForm(url, GOOD_CARD)).status).toBe(303);
    const { subscription } = await stateOf(suite.server, customer, clusterId);
    const api = planBilling(suite.server, customer);
    const { subscriptionPlanChangePreview: preview } = await api.data(PREVIEW, {
      id: subscription.id,
      planId: 's-1',
    });
    const left = Date.parse(subscription.currentPeriodEnd ?? '') - Date.parse(preview.prorationDate);
    const net = Math.round(((3000 - 1500) * left) / MONTH);
    const gross = net + Math.round(net * 0.19);
    expect(preview.chargedNow.amountCents).toBe(gross);

    await api.data(CHANGE, { id: subscription.id, planId: 's-1', prorationDate: preview.prorationDate });
    const { invoices } = await stateOf(suite.server, customer, clusterId);
    expect(invoices[0]?.total.amountCents).toBe(gross);
  });

  it('download as a PDF with the issuer, the customer, the lines, the VAT and the total', async () => {
    const alice = await payingCustomer();
    const invoice = await onlyInvoice(alice);
    expect(invoice.pdfPath).toBe(`/billing/invoices/${invoice.number}.pdf`);

    const response = await download(invoice.pdfPath, alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${invoice.number}.pdf"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(await response.arrayBuffer());
    for (const expected of [
      'Berth Cloud GmbH',
      'Hafenstraße 1',
      '20457 Hamburg',
      'VAT number DE123456789',
      'Analytical Engines Ltd',
      '12 Marylebone Road',
      'NW1 5LR London',
      'VAT number GB123456789',
      'invoices@engines.example',
      `Invoice ${invoice.number}`,
      'Paid',
      'Serverless containers, monthly (EUR)',
      'Subtotal (net)',
      '€9.00',
      'VAT 19 %',
      '€1.71',
      'Total',
      '€10.71',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("are another customer's to download never, and nobody's without signing in", async () => {
    const alice = await payingCustomer();
    const { pdfPath, number } = await onlyInvoice(alice);
    const bob = await payingCustomer();

    const bobs = await download(pdfPath, bob);
    expect(bobs.status).toBe(404);
    expect(await bobs.json()).toEqual({
      error: 'NOT_FOUND',
      message: `Invoice ${number} not found`,
      requestId: bobs.headers.get('x-request-id'),
    });
    expect((await download(pdfPath)).status).toBe(401);
    expect((await download(`/billing/invoices/${number}`, alice)).status).toBe(404);
  });
});

describe('the invoice settings', () => {
  it('read the issuer line by line, and refuse an issuer without a name or a rate with more decimals', () => {
    expect(
      readEnvironment({ INVOICE_ISSUER: ' Berth Cloud GmbH \n\n Hafenstraße 1 ' }).INVOICE_ISSUER,
    ).toEqual({
      name: 'Berth Cloud GmbH',
      address: ['Hafenstraße 1'],
    });
    expect(readEnvironment({}).INVOICE_ISSUER).toEqual({ name: 'Berth', address: [] });
    expect(() => readEnvironment({ INVOICE_ISSUER: ' \n ' })).toThrow(
      'Invalid environment variable INVOICE_ISSUER: must name the issuer',
    );
    expect(() => readEnvironment({ INVOICE_VAT_RATE: '19.125' })).toThrow(
      'Invalid environment variable INVOICE_VAT_RATE: must have at most two decimals',
    );
    expect(readEnvironment({ INVOICE_VAT_RATE: '7.7' }).INVOICE_VAT_RATE).toBe(7.7);
  });
});
