import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { useMatches, type StaticDataRouteOption } from '@tanstack/react-router';
import { TruncatedName } from '../../components/truncated-name.tsx';
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

/**
 * Where the page sits, each step above it a link: shown on every page below a list (a trail of one step would
 * only repeat the page's heading). Long names are cut with the whole name on hover and focus.
 */
export function Breadcrumbs() {
  const trail = breadcrumbTrail(useMatches());
  if (trail.length < 2) return null;
  const current = trail.at(-1);
  return (
    <MuiBreadcrumbs
      aria-label="Breadcrumb"
      // Steps wrap onto a second line on a phone rather than all being cut; only a name longer than the line is.
      sx={{
        mb: 1.5,
        '& .MuiBreadcrumbs-li': { minWidth: 0, maxWidth: '100%' },
      }}
    >
      {trail.slice(0, -1).map((step) => (
        <TruncatedName key={String(step.link.to)} name={step.label} link={step.link} />
      ))}
      {current && (
        <Typography
          component="span"
          color="text.primary"
          aria-current="page"
          sx={{ display: 'block', minWidth: 0 }}
        >
          <TruncatedName name={current.label} />
        </Typography>
      )}
    </MuiBreadcrumbs>
  );
}
