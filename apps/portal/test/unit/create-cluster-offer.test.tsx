import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { offer, openCreate, optionLabels, planRadio, select } from '../support/create-cluster.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// Create a new Cloud Database (/storage/databases/new): what the form offers (plans with their price, each
// engine's versions, the namespaces), and what it says when there is nothing to offer.

describe('create cluster page', () => {
  it('shows each plan under its group with cpu, memory, storage, replicas and price per month', async () => {
    openCreate();
    const plans = within(await screen.findByRole('radiogroup', { name: 'Plan' }));
    const general = within(
      plans.getByRole('heading', { name: 'General purpose' }).parentElement as HTMLElement,
    );
    const memory = within(
      plans.getByRole('heading', { name: 'Memory optimised' }).parentElement as HTMLElement,
    );

    expect(general.getAllByRole('radio')).toHaveLength(2);
    expect(general.getByRole('radio', { name: /^Small/ })).toHaveAccessibleDescription(
      '1 vCPU · 2 GB memory · 20 GB storage · 1 replica €45.00 per month',
    );
    expect(general.getByRole('radio', { name: /^Medium, high availability/ })).toHaveAccessibleDescription(
      '2 vCPU · 4 GB memory · 50 GB storage · 3 replicas €180.00 per month',
    );
    expect(memory.getAllByRole('radio')).toHaveLength(1);
    expect(memory.getByRole('radio', { name: /^Large memory/ })).toHaveAccessibleDescription(
      '4 vCPU · 32.5 GB memory · 100 GB storage · 1 replica No price listed',
    );
  });

  it('says what the chosen plan costs a month', async () => {
    const { user } = openCreate();
    expect(await screen.findByText('Choose a plan to see what the cluster costs a month.')).toBeVisible();
    await user.click(planRadio(/^Medium, high availability/));
    expect(screen.getByText('€180.00 per month for Medium, high availability')).toBeVisible();
    await user.click(planRadio(/^Large memory/));
    expect(screen.getByText('No price is listed for Large memory')).toBeVisible();
  });

  it("lists the chosen engine's versions, newest first, and picks the newest when the engine changes", async () => {
    const { user } = openCreate();
    const engine = await screen.findByRole('combobox', { name: /^Engine/ });
    expect(optionLabels(engine)).toEqual(['PostgreSQL', 'MySQL']);
    expect(optionLabels(select(/^Version/))).toEqual(['17 (17.6)', '16 (16.10)']);
    expect(select(/^Version/)).toHaveValue('17');

    await user.selectOptions(engine, 'MySQL');
    expect(optionLabels(select(/^Version/))).toEqual(['8.4 (8.4.6)', '8.0 (8.0.43)']);
    expect(select(/^Version/)).toHaveValue('8.4');
  });

  it('offers the namespaces, none chosen when there are several, and not one being deleted', async () => {
    openCreate();
    const namespace = await screen.findByRole('combobox', { name: /^Namespace/ });
    expect(namespace).toHaveValue('');
    expect(within(namespace).getByRole('option', { name: 'shop' })).toBeEnabled();
    expect(within(namespace).getByRole('option', { name: 'staging' })).toBeEnabled();
    expect(within(namespace).getByRole('option', { name: 'old' })).toBeDisabled();
  });

  it('chooses the namespace named in the address', async () => {
    openCreate({ path: '/storage/databases/new?namespace=staging' });
    expect(await screen.findByRole('combobox', { name: /^Namespace/ })).toHaveValue('staging');
  });

  it('chooses the only namespace there is', async () => {
    openCreate({ answer: { ...offer, namespaces: [{ name: 'shop', state: 'created' }] } });
    expect(await screen.findByRole('combobox', { name: /^Namespace/ })).toHaveValue('shop');
  });

  it('says when the plans and versions could not be loaded, and loads them on Try again', async () => {
    let requests = 0;
    server.use(
      graphql.query('CloudDatabaseClusterOffer', () => {
        requests += 1;
        return requests === 1
          ? HttpResponse.json({
              errors: [{ message: 'The platform is down', extensions: { code: 'INTERNAL' } }],
            })
          : HttpResponse.json({ data: offer });
      }),
    );
    const { user } = renderWithProviders({ path: '/storage/databases/new' });
    expect(
      await screen.findByRole('heading', { name: 'The plans and versions could not be loaded' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'New database cluster' })).toBeVisible();
    expect(requests).toBe(2);
  });

  it('says to create a namespace first when there is none, and offers to', async () => {
    openCreate({ answer: { ...offer, namespaces: [] } });
    expect(await screen.findByRole('heading', { name: 'Create a namespace first' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create namespace' })).toHaveAttribute(
      'href',
      '/compute/serverless-containers/new',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
