import { screen } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { account } from '../support/handlers.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

describe('loading the account', () => {
  it('asks for the page’s data beside the account, not after it', async () => {
    let pageAsked: () => void = () => undefined;
    const pageRequest = new Promise<void>((resolve) => (pageAsked = resolve));
    server.use(
      // The account answers only once the page has asked for its namespaces: one after the other would never end.
      graphql.query('Account', async () => {
        await pageRequest;
        return HttpResponse.json({ data: { account } });
      }),
      graphql.query('Namespaces', () => {
        pageAsked();
        return HttpResponse.json({ data: { namespaces: [] } });
      }),
    );
    renderWithProviders({ path: '/compute/serverless-containers' });
    expect(await screen.findByText('Loading your account…')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
    expect(screen.queryByText('Loading your account…')).not.toBeInTheDocument();
  });

  it('says when the account could not be loaded, and loads it on Try again', async () => {
    server.use(graphql.query('Account', () => new HttpResponse(null, { status: 400 }), { once: true }));
    server.use(graphql.query('Namespaces', () => HttpResponse.json({ data: { namespaces: [] } })));
    const { user } = renderWithProviders({ path: '/compute/serverless-containers' });
    expect(await screen.findByRole('heading', { name: 'Your account could not be loaded' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No namespaces yet' })).toBeVisible();
  });
});
