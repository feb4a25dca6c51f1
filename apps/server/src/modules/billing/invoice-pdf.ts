import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceIssuer } from './invoice-issuer.ts';
import type { BillingDetails, InvoiceRow } from './store.ts';

// The invoice as a PDF document, from the same row and settings as the portal's invoice page. DejaVu Sans
// is embedded (subset) so every name and address prints as typed, beyond the Latin-1 of PDF's own fonts.

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const REGULAR = fontFile('DejaVuSans.ttf');
const BOLD = fontFile('DejaVuSans-Bold.ttf');

const MARGIN = 56;
const GREY = '#555555';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** "VAT 19 %", or "VAT" when the provider reported no single rate. */
function taxLabel(rateBasisPoints: number | null): string {
  return rateBasisPoints === null ? 'VAT' : `VAT ${String(rateBasisPoints / 100)} %`;
}

/** The PDF of an invoice; `details` are the billing details it is billed to (none saved: it says so). */
export function renderInvoicePdf(input: {
  invoice: InvoiceRow;
  issuer: InvoiceIssuer;
  details: BillingDetails | undefined;
}): Promise<Buffer> {
  const { invoice, issuer, details } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number}`, Author: issuer.name },
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  const width = doc.page.width - 2 * MARGIN;
  const columnWidth = width / 2 - 12;
  const top = doc.y;

  const block = (x: number, heading: string, name: string, lines: string[]) => {
    doc.font('bold').fontSize(8).fillColor(GREY).text(heading.toUpperCase(), x, top, { width: columnWidth });
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('black')
      .text(name, x, doc.y + 2, { width: columnWidth });
    doc.font('regular').fontSize(10);
    for (const line of lines) doc.text(line, x, doc.y, { width: columnWidth });
    return doc.y;
  };
  const issuerEnd = block(MARGIN, 'From', issuer.name, [
    ...issuer.address,
    ...(issuer.vatNumber ? [`VAT number ${issuer.vatNumber}`] : []),
  ]);
  const customerEnd = details
    ? block(MARGIN + width / 2 + 12, 'Billed to', details.companyName, [
        ...details.address.split('\n'),
        ...(details.vatNumber ? [`VAT number ${details.vatNumber}`] : []),
        details.invoiceEmail,
      ])
    : block(MARGIN + width / 2 + 12, 'Billed to', 'No billing details saved', []);

  doc.y = Math.max(issuerEnd, customerEnd) + 28;
  doc.font('bold').fontSize(20).text(`Invoice ${invoice.number}`, MARGIN, doc.y, { width });
  doc.moveDown(0.6);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Issued', day.format(invoice.issuedAt)],
    ['Period', day.formatRange(invoice.periodStart, invoice.periodEnd)],
    ['Status', invoice.status === 'paid' ? 'Paid' : 'Open: payment pending'],
  ];
  for (const [term, value] of facts) {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(GREY).text(term, MARGIN, y, { width: 120 });
    doc.fillColor('black').text(value, MARGIN + 120, y, { width: width - 120 });
  }
  doc.moveDown(1.5);

  const amountWidth = 110;
  const row = (description: string, amount: string, font: 'regular' | 'bold' = 'regular') => {
    const y = doc.y;
    doc.font(font).fontSize(10).fillColor('black');
    doc.text(description, MARGIN, y, { width: width - amountWidth - 12 });
    const end = doc.y;
    doc.text(amount, MARGIN + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(end, doc.y) + 4;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(GREY)
      .stroke();
    doc.y += 6;
  };
  const { currency } = invoice;
  row('Description', 'Amount', 'bold');
  rule();
  for (const line of invoice.lines) row(line.description, money(line.amountCents, currency));
  rule();
  row('Subtotal (net)', money(invoice.subtotalCents, currency));
  row(taxLabel(invoice.taxRateBasisPoints), money(invoice.taxCents, currency));
  row('Total', money(invoice.totalCents, currency), 'bold');

  if (invoice.hostedUrl) {
    doc.moveDown(1.5);
    doc.font('regular').fontSize(9).fillColor(GREY);
    doc.text(`The payment provider's page of this invoice: ${invoice.hostedUrl}`, MARGIN, doc.y, { width });
  }
  doc.end();
  return done;
}
