import { useEffect, useState, type ComponentType } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

// MUI's tooltip and the Popper under it are about 11 KB gzip, and no screen needs them to appear: they name icon
// buttons that carry their own aria-label, and show cut names whole on hover and focus. So their code is fetched
// beside the screen's instead of before it: the request starts as soon as a screen that uses tooltips loads,
// and a tooltip drawn before it arrives shows its child alone until then.
let loadedTooltip: ComponentType<TooltipProps> | undefined;
const tooltipLoading = import('@mui/material/Tooltip').then((module) => {
  loadedTooltip = module.default;
  return module.default;
});

/** MUI's Tooltip, its code fetched without holding up the screen. Its child must have its accessible name without it. */
export function Tooltip(props: TooltipProps) {
  const [MuiTooltip, setMuiTooltip] = useState(() => loadedTooltip);
  useEffect(() => {
    if (!MuiTooltip) void tooltipLoading.then((component) => setMuiTooltip(() => component));
  }, [MuiTooltip]);
  return MuiTooltip ? <MuiTooltip {...props} /> : props.children;
}
