import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/**
 * A Material Design Icon (an `@mdi/js` path) drawn by MUI's SvgIcon, so icons take their size and colour
 * from the theme like every other MUI icon. Decorative unless given a `titleAccess`.
 */
export function MdiIcon({ path, ...props }: SvgIconProps & { path: string }) {
  return (
    <SvgIcon aria-hidden={props.titleAccess ? undefined : true} {...props}>
      <path d={path} />
    </SvgIcon>
  );
}
