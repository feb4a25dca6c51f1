import { styled } from '@mui/material/styles';
import { createLink, useMatchRoute, type LinkProps } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { mdiChevronLeft, mdiChevronRight } from '@mdi/js';
import { MdiIcon } from './mdi-icon.tsx';
import { afterNextPaint } from '../lib/after-next-paint.ts';

// Route tabs are links that look and behave like tabs (role tab, aria-selected, arrow keys between them). They
// are drawn here rather than with MUI's Tabs, whose indicator animation and scroll buttons weigh about 5 KB gzip
// on every page with tabs and which these links do not need: the strip scrolls natively on a phone, and a
// chevron over a fading edge says that more tabs follow (or come before), and scrolls to them when pressed.

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
}));

const StripFrame = styled('div')(({ theme }) => ({
  position: 'relative',
  marginBottom: theme.spacing(3),
}));

/** The cue at an end of the strip that hides tabs: a chevron on the page's colour, fading into the tabs. */
const MoreTabs = styled('button')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  bottom: 1,
  width: 40,
  display: 'flex',
  alignItems: 'center',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  color: theme.palette.text.secondary,
  '&[data-side="start"]': {
    left: 0,
    justifyContent: 'flex-start',
    background: `linear-gradient(to right, ${theme.palette.background.default} 55%, transparent)`,
  },
  '&[data-side="end"]': {
    right: 0,
    justifyContent: 'flex-end',
    background: `linear-gradient(to left, ${theme.palette.background.default} 55%, transparent)`,
  },
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

function scrollSelectedIntoView(container: HTMLElement | null) {
  const tab = container?.querySelector<HTMLElement>('[aria-selected="true"]');
  if (!container || !tab) return;
  const start = tab.offsetLeft;
  if (start < container.scrollLeft) container.scrollLeft = start;
  else if (start + tab.offsetWidth > container.scrollLeft + container.clientWidth)
    container.scrollLeft = start + tab.offsetWidth - container.clientWidth;
}

export function RouteTabs({ label, tabs, params }: RouteTabsProps) {
  const matchRoute = useMatchRoute();
  const strip = useRef<HTMLDivElement>(null);
  // A parent tab matches its deeper pages too, so the most specific (last listed) matching tab wins.
  const selected = tabs.findLastIndex((tab) => matchRoute({ to: tab.to, params, fuzzy: true }));

  // Which ends of the strip hide tabs, again as it scrolls and as the window changes width.
  const [hidden, setHidden] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const container = strip.current;
    if (!container) return;
    const start = container.scrollLeft > 1;
    const end = container.scrollLeft + container.clientWidth < container.scrollWidth - 1;
    setHidden((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);
  // On a narrow screen the open tab is scrolled into the strip's view (the page itself does not move). Both
  // read the layout, so they wait until the page is painted: read during the commit, they would lay out the
  // whole new page inside it (on a phone, a tenth of a second in which a tap gets no answer).
  useEffect(() => {
    const cancel = afterNextPaint(() => {
      scrollSelectedIntoView(strip.current);
      measure();
    });
    window.addEventListener('resize', measure);
    return () => {
      cancel();
      window.removeEventListener('resize', measure);
    };
  }, [measure, selected]);
  const scrollBy = (direction: 1 | -1) =>
    strip.current?.scrollBy({ left: (direction * strip.current.clientWidth * 2) / 3, behavior: 'smooth' });

  return (
    <StripFrame>
      <TabStrip ref={strip} role="tablist" aria-label={label} onKeyDown={moveFocus} onScroll={measure}>
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
      {/* For the pointer: the keyboard moves between the tabs with the arrow keys, as in any tab list. */}
      {hidden.start && (
        <MoreTabs type="button" data-side="start" aria-hidden tabIndex={-1} onClick={() => scrollBy(-1)}>
          <MdiIcon path={mdiChevronLeft} />
        </MoreTabs>
      )}
      {hidden.end && (
        <MoreTabs type="button" data-side="end" aria-hidden tabIndex={-1} onClick={() => scrollBy(1)}>
          <MdiIcon path={mdiChevronRight} />
        </MoreTabs>
      )}
    </StripFrame>
  );
}
