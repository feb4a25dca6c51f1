import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CloudDatabaseClusterDetailsQuery } from '../../src/gql/graphql.ts';
import { cluster, openCluster } from '../support/cluster-details.ts';
import * as create from '../support/create-cluster.ts';

// The database advisor (issue 27): chosen on a new cluster's form, and on a cluster's page turned on and off,
// what it is doing (waiting for its first analysis, or the day it last analysed), and its advisories by type.

type Cluster = CloudDatabaseClusterDetailsQuery['cloudDatabaseCluster'];

const withAdvisor = (status: string, advisories: Cluster['advisories'] = []): Cluster => ({
  ...cluster,
  features: [{ __typename: 'CloudDatabaseClusterAdvisor', enabled: status !== 'off', status }],
  advisories,
});

const missingIndex: Cluster['advisories'][number] = {
  __typename: 'CloudDatabaseAdvisoryMissingIndex',
  identifier: 'missing-index:orders.public.events',
  message: 'Table public.events was read by 480 sequential scans: an index would help.',
  createdAt: '2026-11-27T03:00:00.000Z',
  databaseName: 'orders',
};

const setting: Cluster['advisories'][number] = {
  __typename: 'CloudDatabaseAdvisory',
  identifier: 'setting:shared_buffers',
  message: 'shared_buffers is 128 MB: about a quarter of the memory would keep more data in memory.',
  createdAt: '2026-11-27T03:00:00.000Z',
};

const advisor = () => within(screen.getByRole('region', { name: 'Advisor' }));
const advisorSwitch = () => advisor().getByRole('switch', { name: 'Database advisor' });

describe('the advisor on a cluster page', () => {
  it('is off until turned on: the switch sends the advisor alone', async () => {
    const { user, sent } = openCluster({ answer: () => withAdvisor('off') });
    await screen.findByRole('region', { name: 'Advisor' });
    expect(advisorSwitch()).not.toBeChecked();
    expect(advisor().getByText('Off: turn it on to have the databases analysed once a day.')).toBeVisible();
    await user.click(advisorSwitch());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      operation: 'clusterModify',
      variables: { input: { namespace: 'shop', name: 'orders-db', advisor: { enabled: true } } },
    });
    expect(
      await screen.findByText('The advisor is on: it analyses the databases shortly, then once a day'),
    ).toBeVisible();
  });

  it('says it waits for its first analysis, with nothing to show yet', async () => {
    openCluster({ answer: () => withAdvisor('waiting') });
    await screen.findByRole('region', { name: 'Advisor' });
    expect(advisorSwitch()).toBeChecked();
    expect(advisor().getByRole('status')).toHaveTextContent('Waiting for its first analysis');
    expect(advisor().queryByText('Nothing to suggest')).toBeNull();
  });

  it('shows the day of its last analysis and its advisories by type, missing indexes with their database', async () => {
    openCluster({ answer: () => withAdvisor('analysed 2026-11-27', [missingIndex, setting]) });
    await screen.findByRole('region', { name: 'Advisor' });
    expect(advisor().getByRole('status')).toHaveTextContent('Analysed on Nov 27, 2026');
    const indexes = within(advisor().getByRole('region', { name: 'Missing indexes' }));
    expect(indexes.getByText('Database orders')).toBeVisible();
    expect(indexes.getByText(missingIndex.message)).toBeVisible();
    const settings = within(advisor().getByRole('region', { name: 'Setting suggestions' }));
    expect(settings.getByText(setting.message)).toBeVisible();
    expect(settings.queryByText(/^Database /)).toBeNull();
  });

  it('says when its analysis found nothing to suggest', async () => {
    openCluster({ answer: () => withAdvisor('analysed 2026-11-27') });
    expect(await screen.findByText('Nothing to suggest')).toBeVisible();
    expect(advisor().queryByRole('region', { name: 'Missing indexes' })).toBeNull();
  });

  it('is turned off from the switch', async () => {
    const { user, sent } = openCluster({ answer: () => withAdvisor('analysed 2026-11-27', [setting]) });
    await screen.findByRole('region', { name: 'Advisor' });
    await user.click(advisorSwitch());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({
      input: { namespace: 'shop', name: 'orders-db', advisor: { enabled: false } },
    });
  });

  it('cannot be switched while the cluster is being changed, and says so', async () => {
    openCluster({ answer: () => ({ ...withAdvisor('off'), locked: true, state: 'updating' }) });
    await screen.findByRole('region', { name: 'Advisor' });
    expect(advisorSwitch()).toBeDisabled();
    expect(
      advisor().getByText(
        'A change is being applied to this cluster. You can switch the advisor once it is done.',
      ),
    ).toBeVisible();
  });

  it("shows the platform's refusal beside the switch", async () => {
    const { user } = openCluster({
      answer: () => withAdvisor('off'),
      refuse: { message: 'Database cluster orders-db is being changed', code: 'CONFLICT' },
    });
    await screen.findByRole('region', { name: 'Advisor' });
    await user.click(advisorSwitch());
    expect(await advisor().findByText('Database cluster orders-db is being changed')).toBeVisible();
    expect(advisorSwitch()).not.toBeChecked();
  });
});

describe('the advisor on a new cluster', () => {
  it('is off unless chosen, and sent only when chosen', async () => {
    const { user, sent } = create.openCreate();
    await create.fillValid(user);
    await user.click(create.form().getByRole('switch', { name: 'Pay for this cluster now' }));
    const choice = create.form().getByRole('switch', {
      name: 'Database advisor (analyses the databases once a day)',
    });
    expect(choice).not.toBeChecked();
    await create.submit(user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.input).not.toHaveProperty('advisor');
  });
});
