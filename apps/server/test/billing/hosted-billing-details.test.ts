import { describe, expect, it } from 'vitest';
import { detailsUrl, focusedFields, getPage, postForm, rows, sql } from '../support/billing.ts';
import { createCustomer } from '../support/customers.ts';
import { useServer } from '../support/server.ts';

// The local provider's hosted billing-details form as a customer's browser uses it.

const suite = useServer();

describe('the hosted billing-details page', () => {
  const DETAILS = {
    companyName: 'Analytical Engines Ltd',
    address: '12 Marylebone Road\nLondon NW1 5LR',
    vatNumber: 'gb 123 4567 89',
    invoiceEmail: 'invoices@engines.example',
  };

  it('saves the details for this customer and goes back to the portal; a new page shows them', async () => {
    const alice = await createCustomer(suite.server);
    const bob = await createCustomer(suite.server);
    const url = await detailsUrl(suite.server, alice);
    const empty = await getPage(url);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain(`value="${alice.email}"`);

    const saved = await postForm(url, DETAILS);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`${suite.server.url}/account/billing`);

    const again = await getPage(await detailsUrl(suite.server, alice));
    expect(again.html).toContain('value="Analytical Engines Ltd"');
    expect(again.html).toContain('12 Marylebone Road\nLondon NW1 5LR</textarea>');
    expect(again.html).toContain('value="GB123456789"');
    expect(again.html).toContain('value="invoices@engines.example"');
    // Bob's page knows nothing of Alice's details.
    const bobs = await getPage(await detailsUrl(suite.server, bob));
    expect(bobs.html).not.toContain('Analytical Engines');
    // The used page is gone.
    expect((await postForm(url, DETAILS)).status).toBe(410);
  });

  it('says what is wrong with each field, keeps what was typed and saves nothing', async () => {
    const carol = await createCustomer(suite.server);
    const url = await detailsUrl(suite.server, carol);
    const cases: [Partial<typeof DETAILS>, string, string][] = [
      [{ companyName: ' ' }, 'companyName', 'Enter the company name.'],
      [{ address: '' }, 'address', 'Enter the billing address.'],
      [{ vatNumber: '123' }, 'vatNumber', 'Enter a VAT number with its country prefix, like DE123456789.'],
      [{ invoiceEmail: 'invoices' }, 'invoiceEmail', 'Enter a valid email address.'],
      [{ invoiceEmail: '' }, 'invoiceEmail', 'Enter the email address for invoices.'],
      [
        { companyName: 'x'.repeat(201) },
        'companyName',
        'The company name is too long (200 characters at most).',
      ],
    ];
    for (const [change, field, message] of cases) {
      const answer = await postForm(url, { ...DETAILS, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.html).toContain(`<div class="field-error" id="field-${field}-error">${message}</div>`);
      expect(focusedFields(answer.html), field).toEqual([field]);
    }
    const kept = await postForm(url, { ...DETAILS, vatNumber: '123' });
    expect(kept.html).toContain('value="Analytical Engines Ltd"');
    expect(
      await rows(suite.server, sql`SELECT 1 FROM billing_customers WHERE customer_id = ${carol.customerId}`),
    ).toEqual([]);
    // A VAT number is optional.
    expect((await postForm(url, { ...DETAILS, vatNumber: '' })).status).toBe(303);
  });
});
