import type { ReactNode } from 'react';
import { mdiMagnify } from '@mdi/js';
import type { UseQueryResult } from '@tanstack/react-query';
import { Outlet, type LinkProps } from '@tanstack/react-router';
import { GraphQLRequestError } from '../lib/graphql/errors.ts';

import { Deferred } from './deferred.tsx';
import { MessagePage } from './message-page.tsx';
import { PageHeader } from './page-header.tsx';
import { RouteTabs, type RouteTab } from './route-tabs.tsx';
import { ButtonLink, type LinkTarget } from './router-links.tsx';
import { LoadError } from './load-error.tsx';
import { NameWithState, ResourcePageLoading } from './resource-page-parts.tsx';

interface ResourceLayoutProps<TResource extends { name: string; state: string }> {
  /** What the page shows, as customers call it: `container`, `container job`. */
  kind: string;
  /** The name in the address, for when the resource cannot be found. */
  name: string;
  namespaceName: string;
  /** The namespace tab that lists this kind of resource. */
  list: LinkTarget;
  query: UseQueryResult<TResource>;
  actions: (resource: TResource) => ReactNode;
  /** The resource's tabs, around the open one (the routes below this one). */
  tabs?: readonly RouteTab[];
  /** The path parameters of the resource's tabs. */
  params?: LinkProps['params'];
  /** A page without tabs: what it shows below the heading. */
  children?: (resource: TResource) => ReactNode;
  /** Said below the heading, above the tabs, on every tab: what is wrong with the resource. */
  banner?: (resource: TResource) => ReactNode;
}

/**
 * The page of one resource in a namespace: a way back to the namespace, the heading with its state and
 * actions, and its tabs around the open one (or, without tabs, its contents); or why it cannot be shown.
 */
export function ResourceLayout<TResource extends { name: string; state: string }>({
  kind,
  name,
  namespaceName,
  list,
  query,
  actions,
  tabs,
  params,
  children,
  banner,
}: ResourceLayoutProps<TResource>) {
  const Kind = `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
  if (query.error instanceof GraphQLRequestError && query.error.hasCode('NOT_FOUND')) {
    return (
      <MessagePage
        icon={mdiMagnify}
        title={`${Kind} not found`}
        action={
          <ButtonLink to={list.to} params={list.params} variant="contained">
            Back to {namespaceName}
          </ButtonLink>
        }
      >
        There is no {kind} called “{name}” in namespace {namespaceName}. It may have been deleted.
      </MessagePage>
    );
  }
  if (query.isError) {
    return <LoadError title={`This ${kind} could not be loaded`} onRetry={query.refetch} />;
  }
  const loading = <ResourcePageLoading label={`Loading ${kind}`} />;
  if (!query.data) return loading;
  const resource = query.data;
  // The page's first render after its answer comes in slices (the placeholder stays meanwhile): at once, it
  // was one long task. Later answers re-render it as usual.
  return (
    <Deferred fallback={loading}>
      <PageHeader
        title={<NameWithState name={resource.name} state={resource.state} />}
        subtitle={`${Kind} in ${namespaceName}`}
        action={actions(resource)}
      />
      {banner?.(resource)}
      {tabs ? (
        <>
          <RouteTabs label={`${Kind} sections`} tabs={tabs} params={params} />
          {/* The heading paints first; the open tab (sections, tables, events) renders in slices after it. */}
          <Deferred>
            <Outlet />
          </Deferred>
        </>
      ) : (
        children?.(resource)
      )}
    </Deferred>
  );
}
