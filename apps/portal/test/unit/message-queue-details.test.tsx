import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  MessageQueueDeleteMutationVariables,
  MessageQueueModifyMutationVariables,
  MessageQueueUserModifyMutationVariables,
} from '../../src/gql/graphql.ts';
import {
  AMQP,
  AMQP_WITH_PASSWORD,
  HOST,
  MANAGEMENT,
  openQueue,
  queue,
  section,
  type Sent,
} from '../support/message-queues.ts';
import { server } from '../support/server.ts';

// The page of one message queue (issue 27): what it is and costs, how to connect, the admin user's password
// (revealed, copied, reset), the allowlist edited as a patch, its events, and deleting it.

/** The value a facts list gives for `term` in the section `name`. */
function fact(name: string, term: string): HTMLElement {
  const dt = section(name).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('what the page shows', () => {
  it('shows the state, broker, plan with its size, replicas, benchmark and price', async () => {
    openQueue();
    await screen.findByRole('region', { name: 'Details' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('orders-mqrunning');
    expect(screen.getByText('Message queue in shop')).toBeVisible();
    expect(fact('Details', 'State')).toHaveTextContent('running');
    expect(fact('Details', 'Broker')).toHaveTextContent('RabbitMQ 4.1 (4.1.4)');
    expect(fact('Details', 'Plan')).toHaveTextContent('Small (General purpose)');
    expect(fact('Details', 'Size')).toHaveTextContent('1 vCPU · 2 GB memory · 10 GB storage');
    expect(fact('Details', 'Replicas')).toHaveTextContent('1');
    expect(fact('Details', 'Sustains')).toHaveTextContent(
      '250 connections · 2,500–10,000 messages/s per broker',
    );
    expect(fact('Details', 'Price')).toHaveTextContent('€16.00 per month');
    expect(document.title).toBe('orders-mq · shop | Berth');
  });

  it('says a queue that is locked is being changed', async () => {
    openQueue({ answer: () => ({ ...queue, state: 'updating', locked: true }) });
    await screen.findByRole('region', { name: 'Details' });
    expect(fact('Details', 'State')).toHaveTextContent('updatingbeing changed');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset password of admin' })).toBeDisabled();
  });

  it('gives the host, AMQP port and address (without password) and the management UI, each to copy', async () => {
    const { user, sent } = openQueue();
    await screen.findByRole('region', { name: 'Connection' });
    expect(fact('Connection', 'Host')).toHaveTextContent(HOST);
    expect(fact('Connection', 'AMQP port')).toHaveTextContent('5671');
    expect(fact('Connection', 'TLS')).toHaveTextContent('On (amqps)');
    expect(fact('Connection', 'AMQP address')).toHaveTextContent(AMQP);
    const connection = section('Connection');
    expect(connection.getByRole('link', { name: MANAGEMENT.replace('https://', '') })).toHaveAttribute(
      'href',
      MANAGEMENT,
    );
    await user.click(connection.getByRole('button', { name: 'Copy AMQP address' }));
    expect(await navigator.clipboard.readText()).toBe(AMQP);
    await user.click(connection.getByRole('button', { name: 'Copy host' }));
    expect(await navigator.clipboard.readText()).toBe(HOST);
    await user.click(connection.getByRole('button', { name: `Copy ${MANAGEMENT}` }));
    expect(await navigator.clipboard.readText()).toBe(MANAGEMENT);
    // Nothing with a password was asked for.
    expect(sent).toEqual([]);
  });

  it('lists its events', async () => {
    openQueue();
    const events = within(await screen.findByRole('list', { name: 'Events' }));
    expect(events.getByText('Message queue orders-mq created')).toBeVisible();
    expect(events.getByText('by ada@example.com')).toBeVisible();
  });

  it('says when there is no such queue', async () => {
    const notFound = () =>
      HttpResponse.json<{ errors: { message: string; extensions: { code: string } }[] }>({
        errors: [{ message: 'Message queue orders-mq not found', extensions: { code: 'NOT_FOUND' } }],
      });
    openQueue();
    // Answered before the page asks (it does once the guard has let it through).
    server.use(graphql.query('MessageQueueDetails', notFound), graphql.query('MessageQueueEvents', notFound));
    expect(await screen.findByRole('heading', { name: 'Message queue not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to shop' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/shop/message-queues',
    );
  });
});

describe('the admin user', () => {
  it('reveals the AMQP address with the password on request only, to copy, and hides it again', async () => {
    const { user, sent } = openQueue();
    const admin = within(await screen.findByRole('region', { name: 'Admin user' }));
    expect(admin.queryByText(AMQP_WITH_PASSWORD)).not.toBeInTheDocument();
    await user.click(admin.getByRole('button', { name: 'Reveal AMQP address' }));

    const shown = within(await admin.findByRole('group', { name: 'How to connect as admin' }));
    expect(sent).toEqual<Sent>([
      { operation: 'credentials', variables: { namespace: 'shop', name: 'orders-mq', username: 'admin' } },
    ]);
    expect(shown.getByText(AMQP_WITH_PASSWORD)).toBeVisible();
    expect(shown.getByText(/amqp\.connect\("amqps:\/\/admin:S3cret-pw@/)).toBeVisible();
    await user.click(shown.getByRole('button', { name: 'Copy AMQP address of admin' }));
    expect(await navigator.clipboard.readText()).toBe(AMQP_WITH_PASSWORD);

    await user.click(admin.getByRole('button', { name: 'Hide AMQP address' }));
    expect(admin.queryByText(AMQP_WITH_PASSWORD)).not.toBeInTheDocument();
    expect(admin.getByRole('button', { name: 'Reveal AMQP address' })).toHaveFocus();
  });

  it('resets the password after a confirmation, the platform making the new one, then offers to reveal it', async () => {
    const { user, sent } = openQueue();
    const admin = within(await screen.findByRole('region', { name: 'Admin user' }));
    await user.click(admin.getByRole('button', { name: 'Reveal AMQP address' }));
    await admin.findByText(AMQP_WITH_PASSWORD);
    await user.click(admin.getByRole('button', { name: 'Reset password of admin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset password of admin?' }));
    expect(dialog.getByText(/the current one stops working/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      operation: 'userModify',
      variables: {
        input: {
          cluster: { namespace: 'shop', name: 'orders-mq' },
          user: { name: 'admin', password: null, permissions: [] },
        },
      } satisfies MessageQueueUserModifyMutationVariables,
    });
    expect(
      await screen.findByText('admin has a new password: reveal the AMQP address to see it'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The old password is no longer shown; the reveal is offered, focused.
    expect(admin.queryByText(AMQP_WITH_PASSWORD)).not.toBeInTheDocument();
    await waitFor(() => expect(admin.getByRole('button', { name: 'Reveal AMQP address' })).toHaveFocus());
  });

  it('shows the platform’s refusal of a reset in the dialog', async () => {
    const { user } = openQueue({
      refuse: {
        message: 'Message queue orders-mq is being changed; try again when it is done',
        extensions: { code: 'CONFLICT' },
      },
    });
    const admin = within(await screen.findByRole('region', { name: 'Admin user' }));
    await user.click(admin.getByRole('button', { name: 'Reset password of admin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset password of admin?' }));
    await user.click(dialog.getByRole('button', { name: 'Reset password' }));
    expect(
      await dialog.findByText('Message queue orders-mq is being changed; try again when it is done'),
    ).toBeVisible();
  });
});

describe('the allowlist', () => {
  const entries = () =>
    within(section('Allowed IP addresses').getByRole('list', { name: 'Allowed addresses' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('code')?.textContent);

  it('adds and removes entries, checked as typed, and saves them as one patch of what changed', async () => {
    const { user, sent } = openQueue();
    const allowlist = within(await screen.findByRole('region', { name: 'Allowed IP addresses' }));
    expect(entries()).toEqual(['203.0.113.7', '10.0.0.0/8']);
    const save = allowlist.getByRole('button', { name: 'Save allowlist' });
    expect(save).toBeDisabled();

    const input = allowlist.getByRole('textbox', { name: 'IP address or CIDR range' });
    await user.type(input, '198.51.100.300{Enter}');
    expect(input).toHaveAccessibleDescription(
      '198.51.100.300 is not an IP address or CIDR range, such as 203.0.113.0/24',
    );
    await user.clear(input);
    await user.type(input, '10.0.0.0/8{Enter}');
    expect(input).toHaveAccessibleDescription('10.0.0.0/8 is already allowed');
    await user.clear(input);
    await user.type(input, '2001:db8::/32');
    await user.click(allowlist.getByRole('button', { name: 'Add' }));
    expect(input).toHaveValue('');
    await user.click(allowlist.getByRole('button', { name: 'Remove 203.0.113.7' }));
    expect(entries()).toEqual(['10.0.0.0/8', '2001:db8::/32']);
    expect(allowlist.getByText('not saved')).toBeVisible();
    expect(sent).toEqual([]);

    await user.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      operation: 'modify',
      variables: {
        input: {
          namespace: 'shop',
          name: 'orders-mq',
          allowList: [
            { ip: '2001:db8::/32', state: 'PRESENT' },
            { ip: '203.0.113.7', state: 'ABSENT' },
          ],
        },
      } satisfies MessageQueueModifyMutationVariables,
    });
    expect(await screen.findByText('The allowlist is being changed')).toBeVisible();
  });

  it('discards what was not saved, and warns before saving an empty list that lets everyone connect', async () => {
    const { user } = openQueue();
    const allowlist = within(await screen.findByRole('region', { name: 'Allowed IP addresses' }));
    await user.click(allowlist.getByRole('button', { name: 'Remove 203.0.113.7' }));
    await user.click(allowlist.getByRole('button', { name: 'Remove 10.0.0.0/8' }));
    expect(allowlist.getByText('No entries: every address may connect.')).toBeVisible();
    expect(
      allowlist.getByText(/Saved without entries, the allowlist lets every address connect/),
    ).toBeVisible();
    await user.click(allowlist.getByRole('button', { name: 'Discard changes' }));
    expect(entries()).toEqual(['203.0.113.7', '10.0.0.0/8']);
    expect(allowlist.getByRole('button', { name: 'Save allowlist' })).toBeDisabled();
  });

  it('saves nothing while the queue is being changed, and says so', async () => {
    const { user } = openQueue({ answer: () => ({ ...queue, state: 'updating', locked: true }) });
    const allowlist = within(await screen.findByRole('region', { name: 'Allowed IP addresses' }));
    await user.click(allowlist.getByRole('button', { name: 'Remove 203.0.113.7' }));
    expect(allowlist.getByRole('button', { name: 'Save allowlist' })).toBeDisabled();
    expect(
      allowlist.getByText('A change is being applied to this queue. You can save once it is done.'),
    ).toBeVisible();
  });

  it('shows the platform’s refusal beside the list, keeping what was changed', async () => {
    const { user } = openQueue({
      refuse: {
        message: 'allowList holds at most 50 entries',
        extensions: { code: 'BAD_USER_INPUT', field: 'allowList' },
      },
    });
    const allowlist = within(await screen.findByRole('region', { name: 'Allowed IP addresses' }));
    await user.click(allowlist.getByRole('button', { name: 'Remove 203.0.113.7' }));
    await user.click(allowlist.getByRole('button', { name: 'Save allowlist' }));
    expect(await allowlist.findByText('allowList holds at most 50 entries')).toBeVisible();
    expect(entries()).toEqual(['10.0.0.0/8']);
  });
});

describe('deleting the queue', () => {
  it('asks for the name, then says so and goes to the list of message queues', async () => {
    const { user, sent, router } = openQueue();
    server.use(graphql.query('MessageQueues', () => HttpResponse.json({ data: { messageQueues: [] } })));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete message queue orders-mq?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete message queue' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders-mq to confirm' }), 'orders-m');
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: 'Type orders-mq to confirm' }), 'q');
    await user.click(confirm);

    expect(await screen.findByText('Message queue orders-mq is being deleted')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/storage/message-queues'));
    expect(sent).toEqual<Sent>([
      {
        operation: 'delete',
        variables: {
          queue: { namespace: 'shop', name: 'orders-mq' },
        } satisfies MessageQueueDeleteMutationVariables,
      },
    ]);
  });
});
