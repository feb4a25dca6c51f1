import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import { useMatches, type StaticDataRouteOption } from '@tanstack/react-router';
import type { LinkTarget } from '../../components/router-links.tsx';
import { routeText, type RouteParams } from '../router/route-meta.ts';

export interface TrailStep {
  label: string;
  link: LinkTarget;
}

interface MatchedRoute {
  fullPath: string;
  params: RouteParams;
  staticData: Partial<StaticDataRouteOption>;
}

/** The steps the matched routes declare, outermost first, their labels and links filled in from the address. */
export function breadcrumbTrail(matches: readonly MatchedRoute[]): TrailStep[] {
  const params = matches.at(-1)?.params ?? {};
  return matches.flatMap((match) =>
    (match.staticData.breadcrumbs ?? []).map((crumb) => ({
      label: routeText(crumb.label, params),
      // The route path of a step is checked where it is declared only as a string (see Breadcrumb.to).
      link: { to: (crumb.to ?? match.fullPath) as LinkTarget['to'], params },
    })),
  );
}

// The trail's view (MUI's breadcrumbs and the cut names' tooltips) loads with the first page that has a trail,
// beside that page's own code: the first screen has none and does not carry it.
const BreadcrumbTrail = lazy(() =>
  import('./breadcrumb-trail.tsx').then((module) => ({ default: module.BreadcrumbTrail })),
);

/** Shown on every page below a list (a trail of one step would only repeat the page's heading). */
export function Breadcrumbs() {
  const trail = breadcrumbTrail(useMatches());
  if (trail.length < 2) return null;
  return (
    // Holds the trail's line while its code loads, so the page below does not jump.
    <Suspense fallback={<Box sx={{ height: 24, mb: 1.5 }} />}>
      <BreadcrumbTrail trail={trail} />
    </Suspense>
  );
}
