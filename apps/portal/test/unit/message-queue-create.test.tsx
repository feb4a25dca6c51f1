import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageQueueCreateMutationVariables } from '../../src/gql/graphql.ts';
import { leaveForHostedPage } from '../../src/lib/billing/hosted-page.ts';
import { latestPlanCheckoutRequest } from '../../src/lib/billing/plan-checkout-requests.ts';
import { account } from '../support/handlers.ts';
import { field, fillValid, form, offer, openCreate, select, submit } from '../support/message-queues.ts';

// Create a message queue (/storage/message-queues/new): what the form offers (plans with what they give and
// cost, versions, namespaces), its checks as typed, what it sends, the platform's refusals on the field they
// name, and the checkout of the new queue's plan.

// The tab does not leave for the payment provider in a test: the address it would go to is recorded.
vi.mock('../../src/lib/billing/hosted-page.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/billing/hosted-page.ts')>()),
  leaveForHostedPage: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(leaveForHostedPage).mockClear();
});

const optionLabels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('what the form offers', () => {
  it('shows each plan under its group with resources, replicas, benchmark and monthly price', async () => {
    openCreate();
    const plans = within(await screen.findByRole('radiogroup', { name: 'Plan' }));
    expect(plans.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Development',
      'General purpose',
    ]);
    expect(plans.getByRole('radio', { name: /^Extra small/ })).toHaveAccessibleDescription(
      '0.5 vCPU · 1 GB memory · 5 GB storage · 1 replica 100 connections · 1,000–4,000 messages/s €8.00 per month',
    );
    expect(plans.getByRole('radio', { name: /^Small, high availability/ })).toHaveAccessibleDescription(
      '1 vCPU · 2 GB memory · 10 GB storage · 3 replicas 250 connections · 2,500–10,000 messages/s €48.00 per month',
    );
  });

  it('lists the versions newest first, the newest chosen, and the namespaces (none being deleted)', async () => {
    openCreate();
    const namespace = await screen.findByRole('combobox', { name: /^Namespace/ });
    expect(namespace).toHaveValue('');
    expect(within(namespace).getByRole('option', { name: 'old' })).toBeDisabled();
    expect(optionLabels(select(/^RabbitMQ version/))).toEqual([
      '4.1 (4.1.4)',
      '4.0 (4.0.9)',
      '3.13 (3.13.7)',
    ]);
    expect(select(/^RabbitMQ version/)).toHaveValue('4.1');
  });

  it('chooses the namespace asked for', async () => {
    openCreate({ path: '/storage/message-queues/new?namespace=shop' });
    expect(await screen.findByRole('combobox', { name: /^Namespace/ })).toHaveValue('shop');
  });

  it('says what the chosen plan costs a month', async () => {
    const { user } = openCreate();
    expect(await screen.findByText('Choose a plan to see what the queue costs a month.')).toBeVisible();
    await user.click(form().getByRole('radio', { name: /^Small, high availability/ }));
    expect(screen.getByText('€48.00 per month for Small, high availability')).toBeVisible();
  });

  it('asks for a namespace first when there is none', async () => {
    openCreate({ answer: { ...offer, namespaces: [] } });
    expect(await screen.findByRole('heading', { name: 'Create a namespace first' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create namespace' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/new',
    );
  });

  it('says when the offer could not be loaded', async () => {
    openCreate({ answer: 'error' });
    expect(await screen.findByText('The plans and versions could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('checks as typed', () => {
  it('says what is wrong with a name as it is typed, with the rule of every resource name', async () => {
    const { user } = openCreate();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Orders');
    expect(name).toHaveAccessibleDescription('Start with a lowercase letter');
    await user.clear(name);
    await user.type(name, 'orders_mq');
    expect(name).toHaveAccessibleDescription('Use only lowercase letters, digits and hyphens');
    await user.clear(name);
    await user.type(name, 'orders-');
    expect(name).toHaveAccessibleDescription('End with a letter or a digit');
    await user.type(name, 'mq');
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it('checks each allowlist entry as it is typed: addresses and CIDR ranges, each once', async () => {
    const { user } = openCreate();
    const allowlist = await screen.findByRole('textbox', { name: /^Allowed IP addresses/ });
    await user.type(allowlist, '203.0.113.7, 10.0.0.300');
    expect(allowlist).toHaveAccessibleDescription(
      '10.0.0.300 is not an IP address or CIDR range, such as 203.0.113.0/24',
    );
    await user.clear(allowlist);
    await user.type(allowlist, '10.0.0.0/33');
    expect(allowlist).toHaveAccessibleDescription('10.0.0.0/33: the prefix length must be 0 to 32');
    await user.clear(allowlist);
    await user.type(allowlist, '2001:db8::/32 2001:db8::/32');
    expect(allowlist).toHaveAccessibleDescription('2001:db8::/32 is listed twice');
    await user.clear(allowlist);
    await user.type(allowlist, '2001:db8::/32');
    expect(allowlist).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends nothing while a field is wrong, and says which need attention', async () => {
    const { user, sent } = openCreate();
    await screen.findByRole('radiogroup', { name: 'Plan' });
    await submit(user);
    const namespace = select(/^Namespace/);
    await waitFor(() => expect(namespace).toHaveAccessibleDescription('Choose a namespace'));
    expect(namespace).toHaveFocus();
    expect(field(/^Name/)).toHaveAccessibleDescription('Enter a name');
    expect(form().getByText('Choose a plan')).toBeVisible();
    expect(form().getByText('3 fields need attention')).toBeVisible();
    expect(sent).toEqual([]);
  });
});

describe('creating', () => {
  it('sends the queue with its version, plan and allowlist; paying later, opens its page', async () => {
    const { user, sent, checkouts, router } = openCreate();
    await fillValid(user);
    await user.click(form().getByRole('switch', { name: 'Pay for this queue now' }));
    expect(screen.getByText('The queue is created without going to the checkout.')).toBeVisible();
    await submit(user);

    expect(await screen.findByText("Your message queue 'orders-mq' is being created! 🚀")).toBeVisible();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/storage/message-queues/staging/orders-mq'),
    );
    expect(sent).toEqual<MessageQueueCreateMutationVariables[]>([
      {
        input: {
          namespace: 'staging',
          name: 'orders-mq',
          plan: 'mq-s-1',
          spec: { type: 'rabbitmq', version: '4.0' },
          allowList: [
            { ip: '203.0.113.7', state: 'PRESENT' },
            { ip: '10.0.0.0/8', state: 'PRESENT' },
          ],
        },
      },
    ]);
    expect(checkouts).toEqual([]);
  });

  it("paying now, leaves for the checkout of the queue's plan, to come back to the queue", async () => {
    const { user, checkouts } = openCreate();
    await fillValid(user);
    expect(form().getByRole('switch', { name: 'Pay for this queue now' })).toBeChecked();
    await submit(user);

    await waitFor(() =>
      expect(leaveForHostedPage).toHaveBeenCalledWith('https://pay.example.com/checkout/cs_mq'),
    );
    expect(checkouts).toEqual([{ planId: 'mq-s-1', resourceId: 'mq-77' }]);
    expect(latestPlanCheckoutRequest('message-queue', account.id)).toMatchObject({
      resourceId: 'mq-77',
      namespace: 'staging',
      name: 'orders-mq',
    });
    expect(form().getByRole('button', { name: 'Opening the checkout…' })).toBeDisabled();
  });
});

describe('what the platform refuses', () => {
  it('shows a refused name on the name field, and stays on the form with what was typed', async () => {
    const { user, sent, router } = openCreate({
      refuse: [
        {
          message: 'A message queue named orders-mq already exists in namespace staging',
          extensions: { code: 'BAD_USER_INPUT', field: 'name' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(field(/^Name/)).toHaveAccessibleDescription(
        'A message queue named orders-mq already exists in namespace staging',
      ),
    );
    expect(field(/^Name/)).toHaveFocus();
    expect(field(/^Name/)).toHaveValue('orders-mq');
    expect(sent).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/storage/message-queues/new');
    expect(leaveForHostedPage).not.toHaveBeenCalled();
  });

  it('puts a refused allowlist (allowList) on its field and a refused version (spec.version) on the version', async () => {
    const { user } = openCreate({
      refuse: [
        {
          message: 'allowList holds at most 50 entries',
          extensions: { code: 'BAD_USER_INPUT', field: 'allowList' },
        },
        {
          message: 'Unknown broker version rabbitmq 4.0',
          extensions: { code: 'BAD_USER_INPUT', field: 'spec.version' },
        },
      ],
    });
    await fillValid(user);
    await submit(user);

    await waitFor(() =>
      expect(field(/^Allowed IP addresses/)).toHaveAccessibleDescription(
        'allowList holds at most 50 entries',
      ),
    );
    expect(select(/^RabbitMQ version/)).toHaveAccessibleDescription('Unknown broker version rabbitmq 4.0');
  });

  it('shows a refusal that names no field above the buttons, and a namespace being deleted on its field', async () => {
    const { user } = openCreate({
      refuse: [
        {
          message: 'Another change is under way; try again when it is done',
          extensions: { code: 'CONFLICT' },
        },
        { message: 'Namespace staging is being deleted', extensions: { code: 'CONFLICT' } },
      ],
    });
    await fillValid(user);
    await submit(user);

    expect(await form().findByText('Another change is under way; try again when it is done')).toBeVisible();
    expect(select(/^Namespace/)).toHaveAccessibleDescription('Namespace staging is being deleted');
    expect(form().getByRole('button', { name: 'Create queue' })).toBeEnabled();
  });
});
