import { styled } from '@mui/material/styles';
import { createLink, useMatchRoute, type LinkProps } from '@tanstack/react-router';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

// Route tabs are links that look and behave like tabs (role tab, aria-selected, arrow keys between them). They
// are drawn here rather than with MUI's Tabs, whose indicator animation and scroll buttons weigh about 5 KB gzip
// on every page with tabs and which these links do not need: the strip scrolls natively on a phone.

const TabAnchor = styled('a')(({ theme }) => ({
  ...theme.typography.button,
  '--focus-ring-offset': '-2px',
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  minHeight: 48,
  padding: '12px 16px',
  // Four tabs fit a phone's width.
  [theme.breakpoints.down('sm')]: { paddingInline: 10 },
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  color: theme.palette.text.secondary,
  borderBottom: '2px solid transparent',
  '&:hover': { color: theme.palette.text.primary },
  '&[aria-selected="true"]': {
    color: theme.palette.primary.main,
    borderBottomColor: theme.palette.primary.main,
  },
}));

const TabLink = createLink(TabAnchor);

const TabStrip = styled('div')(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  overflowX: 'auto',
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${theme.palette.divider}`,
  marginBottom: theme.spacing(3),
}));

export interface RouteTab {
  label: string;
  to: LinkProps['to'];
}

/** A tab bar whose tabs are routes: each tab is a link, the tab of the current route is selected. */
interface RouteTabsProps {
  label: string;
  tabs: readonly RouteTab[];
  /** The path parameters the tabs share, such as the namespace name. */
  params: LinkProps['params'];
}

/** Left and right move between the tabs, Home and End to the first and last, as in a tab list. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const current = tabs.indexOf(event.target as HTMLElement);
  if (current === -1) return;
  const next = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  tabs[(next + tabs.length) % tabs.length]?.focus();
}

export function RouteTabs({ label, tabs, params }: RouteTabsProps) {
  const matchRoute = useMatchRoute();
  const strip = useRef<HTMLDivElement>(null);
  // A parent tab matches its deeper pages too, so the most specific (last listed) matching tab wins.
  const selected = tabs.findLastIndex((tab) => matchRoute({ to: tab.to, params, fuzzy: true }));

  // On a narrow screen the open tab is scrolled into the strip's view (the page itself does not move).
  useLayoutEffect(() => {
    const container = strip.current;
    const tab = container?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!container || !tab) return;
    const start = tab.offsetLeft;
    if (start < container.scrollLeft) container.scrollLeft = start;
    else if (start + tab.offsetWidth > container.scrollLeft + container.clientWidth)
      container.scrollLeft = start + tab.offsetWidth - container.clientWidth;
  }, [selected]);

  return (
    <TabStrip ref={strip} role="tablist" aria-label={label} onKeyDown={moveFocus}>
      {tabs.map((tab, index) => (
        <TabLink
          key={tab.label}
          to={tab.to}
          params={params}
          role="tab"
          aria-selected={index === selected}
          // One tab stop for the strip, as in a tab list: the open tab (or the first), arrows for the others.
          tabIndex={index === Math.max(selected, 0) ? 0 : -1}
        >
          {tab.label}
        </TabLink>
      ))}
    </TabStrip>
  );
}
