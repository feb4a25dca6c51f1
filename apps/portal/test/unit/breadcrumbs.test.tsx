import { screen, within } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from '../../src/app/layouts/breadcrumbs.tsx';
import { createAppQueryClient } from '../../src/app/query-client.ts';
import { createAppRouter } from '../../src/app/router/router.ts';
import { documentTitle, resolveRouteMeta } from '../../src/app/router/route-meta.ts';
import { renderWithProviders } from '../support/render.tsx';

/** What the portal's own route table declares for an address: its trail (with hrefs) and its page title. */
function declaredFor(pathname: string) {
  const router = createAppRouter(createAppQueryClient(), createMemoryHistory());
  const matches = router.matchRoutes(pathname);
  const params = matches.at(-1)?.params ?? {};
  return {
    trail: breadcrumbTrail(matches).map((step) => [
      step.label,
      router.buildLocation({ to: step.link.to, params: step.link.params }).pathname,
    ]),
    title: documentTitle(
      resolveRouteMeta(
        matches.map((match) => match.staticData),
        params,
      ).title,
    ),
  };
}

const base = '/compute/serverless-containers';

describe('breadcrumbs and page titles', () => {
  it('lead from a container page back to its namespace tab and the namespace list', () => {
    expect(declaredFor(`${base}/shop/container/web/configure`)).toEqual({
      trail: [
        ['Namespaces', base],
        ['shop', `${base}/shop/containers`],
        ['Containers', `${base}/shop/containers`],
        ['web', `${base}/shop/container/web/overview`],
      ],
      title: 'Configure · web · shop | Berth',
    });
    expect(declaredFor(`${base}/shop/container/web/overview`).title).toBe('web · shop | Berth');
  });

  it('lead from a job page to the namespace’s job tab', () => {
    expect(declaredFor(`${base}/shop/container-job/nightly/overview`)).toEqual({
      trail: [
        ['Namespaces', base],
        ['shop', `${base}/shop/containers`],
        ['Container jobs', `${base}/shop/container-jobs`],
        ['nightly', `${base}/shop/container-job/nightly/overview`],
      ],
      title: 'nightly · shop | Berth',
    });
  });

  it('are declared on create pages, and name the tab and namespace in titles', () => {
    expect(declaredFor(`${base}/shop/volumes/new`)).toEqual({
      trail: [
        ['Namespaces', base],
        ['shop', `${base}/shop/containers`],
        ['Volumes', `${base}/shop/volumes`],
        ['Create volume', `${base}/shop/volumes/new`],
      ],
      title: 'Create volume · shop | Berth',
    });
    expect(declaredFor(`${base}/shop/volumes/data/resize`).trail.at(-1)?.[0]).toBe('Resize data');
    expect(declaredFor(`${base}/shop/container/new`).trail.map(([label]) => label)).toEqual([
      'Namespaces',
      'shop',
      'Create container',
    ]);
    expect(declaredFor(`${base}/shop/registries`).title).toBe('Registries · shop | Berth');
    expect(declaredFor(`${base}/new`).title).toBe('Create namespace | Berth');
  });

  it('is no trail on the namespace list itself', () => {
    expect(declaredFor(base)).toEqual({ trail: [['Namespaces', base]], title: 'Namespaces | Berth' });
  });

  it('show the steps above the page as links and the page itself as the current one', async () => {
    renderWithProviders({ path: `${base}/new` });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Namespaces' })).toHaveAttribute('href', base);
    expect(within(trail).getByText('Create namespace').closest('[aria-current="page"]')).not.toBeNull();
    expect(within(trail).getAllByRole('link')).toHaveLength(1);
    expect(document.title).toBe('Create namespace | Berth');
  });

  it('is not shown above a page without a trail', async () => {
    renderWithProviders({ path: '/welcome' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });
});
