import Skeleton, { type SkeletonProps } from '@mui/material/Skeleton';

// A placeholder where something is loading, named for assistive technology. A skeleton is a bare span, and a
// name on an element without a role is prohibited (axe's aria-prohibited-attr): it is a progress bar here.

export function LoadingBlock({ label, ...skeleton }: SkeletonProps & { label: string }) {
  return <Skeleton role="progressbar" aria-busy="true" aria-label={label} variant="rounded" {...skeleton} />;
}
