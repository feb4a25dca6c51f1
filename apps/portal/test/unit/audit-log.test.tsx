import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogQuery, AuditLogQueryVariables } from '../../src/gql/graphql.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The audit log page (/account/audit-log): the customer's changes newest first with who, when and what,
// each change set as a diff; resource type and event asked of the server, the search applied on the page.

type Entry = NonNullable<AuditLogQuery['auditLogs'][number]>;

const ada = { id: 'account-1', name: 'Ada Lovelace', email: 'ada@example.com' };

const imageChanged: Entry = {
  id: '3',
  occurredAt: '2025-01-01T09:55:00Z',
  eventType: 'update',
  modelName: 'Container',
  modelId: 7,
  account: ada,
  changeSet: [
    { name: 'image', oldValue: 'nginx:1.26', newValue: 'nginx:1.27' },
    {
      name: 'environmentVariables',
      oldValue: JSON.stringify({ MODE: 'live', TOKEN: '(secret)' }),
      newValue: JSON.stringify({ MODE: 'live', TOKEN: '(secret, new value)' }),
    },
  ],
  tags: ['name:web', 'namespace:shop'],
};
const volumeGrown: Entry = {
  id: '2',
  occurredAt: '2024-12-31T10:00:00Z',
  eventType: 'update',
  modelName: 'Volume',
  modelId: 4,
  account: null,
  changeSet: [{ name: 'size', oldValue: '10 GB', newValue: '20 GB' }],
  tags: ['name:uploads', 'namespace:shop'],
};
const namespaceCreated: Entry = {
  id: '1',
  occurredAt: '2024-12-01T10:00:00Z',
  eventType: 'create',
  modelName: 'Namespace',
  modelId: 1,
  account: ada,
  changeSet: [{ name: 'name', oldValue: null, newValue: 'shop' }],
  tags: ['name:shop', 'namespace:shop'],
};

/** Answers the audit log query with `entries` (or an error) and remembers the variables of each ask. */
function auditLog(answer: Entry[] | 'error') {
  const asked: AuditLogQueryVariables[] = [];
  server.use(
    graphql.query<AuditLogQuery, AuditLogQueryVariables>('AuditLog', ({ variables }) => {
      asked.push(variables);
      if (answer === 'error') {
        return HttpResponse.json({
          errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
        });
      }
      return HttpResponse.json({ data: { auditLogs: answer } });
    }),
  );
  return asked;
}

const entryOf = (name: RegExp) => screen.findByRole('listitem', { name });

describe('audit log page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-01-01T10:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists every change newest first with who, what, which resource and when', async () => {
    auditLog([imageChanged, volumeGrown, namespaceCreated]);
    renderWithProviders({ path: '/account/audit-log' });
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Ada Lovelace changed container web in namespace shop',
      'Berth changed volume uploads in namespace shop',
      'Ada Lovelace created namespace shop',
    ]);
    const time = items[0]?.querySelector('time');
    expect(time?.textContent).toMatch(/^5 minutes ago/);
    expect(time?.getAttribute('dateTime')).toBe('2025-01-01T09:55:00Z');
    expect(time?.getAttribute('title')).toMatch(/Jan 1, 2025/);
    expect(within(items[1] as HTMLElement).getByText('yesterday')).toBeVisible();
  });

  it('shows each change set as old → new, and a secret only as changed', async () => {
    auditLog([imageChanged, namespaceCreated]);
    renderWithProviders({ path: '/account/audit-log' });
    const entry = await entryOf(/changed container web/);
    const oldImage = within(entry).getByText(
      (_, node) => node?.tagName === 'DEL' && node.textContent === 'was nginx:1.26',
    );
    const newImage = within(entry).getByText(
      (_, node) => node?.tagName === 'INS' && node.textContent === 'now nginx:1.27',
    );
    expect(oldImage).toBeVisible();
    expect(newImage).toBeVisible();
    // The variable that changed gets a line of its own; the unchanged MODE none.
    expect(within(entry).getByText('environment variables › TOKEN')).toBeVisible();
    expect(within(entry).getByText('secret changed')).toBeVisible();
    expect(within(entry).queryByText(/MODE/)).toBeNull();
    expect(entry.textContent).not.toContain('(secret');

    const created = await entryOf(/created namespace shop/);
    expect(within(created).queryByRole('deletion')).toBeNull();
    expect(
      within(created).getByText((_, node) => node?.tagName === 'INS' && node.textContent === 'now shop'),
    ).toBeVisible();
  });

  it('asks the server for the chosen resource type and event', async () => {
    const asked = auditLog([imageChanged]);
    const { user } = renderWithProviders({ path: '/account/audit-log' });
    await entryOf(/changed container web/);
    expect(asked.at(-1)).toEqual({ customerId: 'customer-1', filter: { modelNames: [], eventTypes: [] } });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Resource type' }), 'Container');
    await waitFor(() => {
      expect(asked.at(-1)?.filter).toEqual({ modelNames: ['Container'], eventTypes: [] });
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'Deleted');
    await waitFor(() => {
      expect(asked.at(-1)?.filter).toEqual({ modelNames: ['Container'], eventTypes: ['delete'] });
    });
  });

  it('narrows to the entries whose name, author or changed field matches the search', async () => {
    const asked = auditLog([imageChanged, volumeGrown, namespaceCreated]);
    const { user } = renderWithProviders({ path: '/account/audit-log' });
    await entryOf(/changed container web/);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    const headings = () =>
      screen.getAllByRole('listitem').map((item) => within(item).getByRole('heading').textContent);

    await user.type(search, 'uploads');
    expect(headings()).toEqual(['Berth changed volume uploads in namespace shop']);
    await user.clear(search);
    await user.type(search, 'image');
    expect(headings()).toEqual(['Ada Lovelace changed container web in namespace shop']);
    await user.clear(search);
    await user.type(search, 'berth');
    expect(headings()).toEqual(['Berth changed volume uploads in namespace shop']);
    await user.type(search, '-nothing');
    expect(screen.getByRole('heading', { name: 'No matching changes' })).toBeVisible();
    // The search is the page's own: the server was asked once.
    expect(asked).toHaveLength(1);
  });

  it('says so when there are no changes yet', async () => {
    auditLog([]);
    renderWithProviders({ path: '/account/audit-log' });
    expect(await screen.findByRole('heading', { name: 'No changes yet' })).toBeVisible();
  });

  it('offers to try again when the log could not be loaded, and shows it once it loads', async () => {
    auditLog('error');
    const { user } = renderWithProviders({ path: '/account/audit-log' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('heading', { name: 'The audit log could not be loaded' })).toBeVisible();
    auditLog([namespaceCreated]);
    await user.click(retry);
    expect(await entryOf(/created namespace shop/)).toBeVisible();
  });
});
