import { describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { detailsUrl, postForm, rows, sql } from '../support/billing.ts';
import { createCustomer } from '../support/customers.ts';
import { useServer } from '../support/server.ts';

// Customer.address of the public API (deprecated, still read by clients; issue 27): the address of the
// signed-in customer's billing details, in the parts the hosted billing-details form asks.

const suite = useServer();

const CUSTOMER_ADDRESS = graphql(`
  query CustomerAddress {
    customer {
      id
      address {
        streetNameAndHouseNumber
        postalCode
        city
        country
      }
      billingPeriod
      termOfPayment
    }
    account {
      customer {
        id
        address {
          city
        }
      }
    }
  }
`);

const FORM = {
  companyName: 'Analytical Engines Ltd',
  street: '12 Marylebone Road',
  postalCode: 'NW1 5LR',
  city: 'London',
  country: 'United Kingdom',
  vatNumber: '',
  invoiceEmail: 'invoices@engines.example',
};

describe('Customer.address', () => {
  it('is null before billing details are saved, then answers their parts', async () => {
    const alice = await createCustomer(suite.server);
    expect(await alice.data(CUSTOMER_ADDRESS)).toEqual({
      customer: { id: String(alice.customerId), address: null, billingPeriod: 1, termOfPayment: 0 },
      account: { customer: { id: String(alice.customerId), address: null } },
    });

    expect((await postForm(await detailsUrl(suite.server, alice), FORM)).status).toBe(303);
    expect(await alice.data(CUSTOMER_ADDRESS)).toEqual({
      customer: {
        id: String(alice.customerId),
        address: {
          streetNameAndHouseNumber: '12 Marylebone Road',
          postalCode: 'NW1 5LR',
          city: 'London',
          country: 'United Kingdom',
        },
        billingPeriod: 1,
        termOfPayment: 0,
      },
      account: { customer: { id: String(alice.customerId), address: { city: 'London' } } },
    });

    // Saved again, the new parts.
    const moved = {
      ...FORM,
      street: 'Hafenstraße 1',
      postalCode: '20457',
      city: 'Hamburg',
      country: 'Germany',
    };
    expect((await postForm(await detailsUrl(suite.server, alice), moved)).status).toBe(303);
    const { customer } = await alice.data(CUSTOMER_ADDRESS);
    expect(customer?.address).toEqual({
      streetNameAndHouseNumber: 'Hafenstraße 1',
      postalCode: '20457',
      city: 'Hamburg',
      country: 'Germany',
    });
  });

  it("is the caller's own: another customer's saved address is never answered", async () => {
    const alice = await createCustomer(suite.server);
    const bob = await createCustomer(suite.server);
    expect((await postForm(await detailsUrl(suite.server, alice), FORM)).status).toBe(303);
    expect(await bob.data(CUSTOMER_ADDRESS)).toEqual({
      customer: { id: String(bob.customerId), address: null, billingPeriod: 1, termOfPayment: 0 },
      account: { customer: { id: String(bob.customerId), address: null } },
    });
  });

  it('is null for billing details saved before the address was asked in parts', async () => {
    const erin = await createCustomer(suite.server);
    // A row as the form saved it before migration 0028: one free-form text, no parts.
    await rows(
      suite.server,
      sql`INSERT INTO billing_customers (customer_id, company_name, address, vat_number, invoice_email)
          VALUES (${erin.customerId}, 'Erin GmbH', ${'Hafenstraße 1\n20457 Hamburg'}, '', 'erin@example.com')`,
    );
    const { customer } = await erin.data(CUSTOMER_ADDRESS);
    expect(customer).toMatchObject({ address: null, billingPeriod: 1, termOfPayment: 0 });
  });
});
