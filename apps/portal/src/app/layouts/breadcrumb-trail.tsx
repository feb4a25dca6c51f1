import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { TruncatedName } from '../../components/truncated-name.tsx';
import { usePageName } from '../../lib/page-name.ts';
import type { TrailStep } from './breadcrumbs.tsx';

/** Where the page sits, each step above it a link. Long names are cut with the whole name on hover and focus. */
export function BreadcrumbTrail({ trail }: { trail: readonly TrailStep[] }) {
  // The last step is the open page: its own name for itself once loaded, where its address holds an id.
  const pageName = usePageName();
  const last = trail.at(-1);
  const current = pageName && last ? { ...last, label: pageName } : last;
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
