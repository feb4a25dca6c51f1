import { decide } from '@berth/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { namespaceWithContainers, permissions, suspendedAccount } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// A refusal says what the API's FORBIDDEN answer says (the access policy of @berth/rules), and links to where
// the customer can act on it: the not-allowed page and the notice on every page of a suspended customer.

const paymentIssues =
  'Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page.';
const maliciousActivity =
  'Your account is suspended because of malicious activity, so nothing can be created, grown or changed: contact customer support.';

/** What the server refuses a suspended customer's namespace with, for the same reason. */
const apiSentence = (reason: string) => {
  const decision = decide(
    { suspendedReason: reason, products: [], emailVerified: true },
    'serverless-container',
    'create',
  );
  return decision.allowed ? null : decision.message;
};

const noNamespaces = graphql.query('Namespaces', () => HttpResponse.json({ data: { namespaces: [] } }));

describe('the not-allowed page', () => {
  it("tells a customer suspended for payment issues the API's sentence, and links to the Billing page", async () => {
    server.use(suspendedAccount('PAYMENT_ISSUES'), permissions());
    const { router } = renderWithProviders({ path: '/compute/serverless-containers/new' });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/not-allowed');
    expect(paymentIssues).toBe(apiSentence('PAYMENT_ISSUES'));
    // Said by the page, not by the notice above every page as well.
    await waitFor(() => expect(main.getAllByText(paymentIssues)).toHaveLength(1));
    expect(main.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/account/billing');
    expect(main.getByRole('link', { name: 'Back to namespaces' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers',
    );
  });

  it('asks a customer suspended for another reason to contact support, with no link to pay', async () => {
    server.use(suspendedAccount('MALICIOUS_ACTIVITY'), permissions());
    renderWithProviders({ path: '/compute/serverless-containers/new' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    expect(maliciousActivity).toBe(apiSentence('MALICIOUS_ACTIVITY'));
    expect((await screen.findAllByText(maliciousActivity))[0]).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Go to Billing' })).not.toBeInTheDocument();
  });

  it('says only that the page is not open to a customer in good standing (a feature flag is off)', async () => {
    renderWithProviders({ path: '/not-allowed' });
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
    expect(screen.queryByText(/suspended/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to namespaces' })).toBeVisible();
  });
});

describe('the suspended notice', () => {
  it('shows on the pages of a customer suspended for payment issues, with the way to pay', async () => {
    server.use(suspendedAccount('PAYMENT_ISSUES'), permissions(), noNamespaces);
    renderWithProviders({ path: '/compute/serverless-containers' });
    expect(await screen.findByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
    const notice = await screen.findByText(paymentIssues);
    expect(notice).toBeVisible();
    expect(within(notice).getByRole('link', { name: 'Go to Billing' })).toHaveAttribute(
      'href',
      '/account/billing',
    );
  });

  it('is not shown to a customer who is not suspended', async () => {
    server.use(...namespaceWithContainers('web', []));
    renderWithProviders({ path: '/compute/serverless-containers/web/containers' });
    expect(await screen.findByRole('heading', { name: 'No containers yet' })).toBeVisible();
    expect(screen.queryByText(/suspended/)).not.toBeInTheDocument();
  });
});
