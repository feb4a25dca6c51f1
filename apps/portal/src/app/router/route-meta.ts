import type { StaticDataRouteOption } from '@tanstack/react-router';
import type { SecurityRequirement } from '../../lib/auth/permissions.ts';

/** Which product a route belongs to, for the subscription flow (SPEC §2: /compute and /storage). */
export type SubscriptionTag = 'serverless-container' | 'cloud-database';

/** The path parameters of the matched address, all of them (the leaf's include its parents'). */
export type RouteParams = Readonly<Record<string, string>>;

/** Text a route declares, with `{parameter}` replaced by the address's (a resource's name): `{containerName} · {namespaceName}`. */
export type RouteText = string;

/** One step of the breadcrumb trail. */
export interface Breadcrumb {
  label: RouteText;
  /**
   * Where the step leads, a route path (`/compute/serverless-containers/$namespaceName/containers`) filled in
   * with the address's parameters; the route's own address when left out. A plain string: typing it with the
   * router's paths would make the route tree's type depend on itself.
   */
  to?: string;
}

// The route table mechanism (SPEC §2): every route declares these in `staticData`. TypeScript makes
// `title` required on every route, so no page ships without one.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Page title before the product suffix; null for the product name alone. */
    title: RouteText | null;
    /** The steps this route adds to the breadcrumb trail of the pages at and below it. */
    breadcrumbs?: readonly Breadcrumb[];
    /** The permission the customer must hold, else /not-allowed. Inherited by child routes. */
    security?: SecurityRequirement;
    /** A feature flag that must be on, else /not-allowed. Inherited by child routes. */
    featureFlag?: string;
    /** Inherited by child routes. */
    subscriptionTag?: SubscriptionTag;
  }
}

export interface RouteMeta {
  title: string | null;
  security?: SecurityRequirement;
  featureFlag?: string;
  subscriptionTag?: SubscriptionTag;
}

export function routeText(text: RouteText, params: RouteParams): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/** The leaf route's title; requirements declared on a parent apply to every route beneath it. */
export function resolveRouteMeta(
  chain: readonly Partial<Pick<StaticDataRouteOption, keyof RouteMeta>>[],
  params: RouteParams = {},
): RouteMeta {
  const title = chain.at(-1)?.title;
  const resolved: RouteMeta = { title: title ? routeText(title, params) : null };
  for (const meta of chain) {
    if (meta.security) resolved.security = meta.security;
    if (meta.featureFlag) resolved.featureFlag = meta.featureFlag;
    if (meta.subscriptionTag) resolved.subscriptionTag = meta.subscriptionTag;
  }
  return resolved;
}

export const productName = 'Berth';

export function documentTitle(title: string | null): string {
  return title ? `${title} | ${productName}` : productName;
}
