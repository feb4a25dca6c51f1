import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { createLink, useMatchRoute, type LinkProps } from '@tanstack/react-router';

const TabLink = createLink(Tab);

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

export function RouteTabs({ label, tabs, params }: RouteTabsProps) {
  const matchRoute = useMatchRoute();
  // A parent tab matches its deeper pages too, so the most specific (last listed) matching tab wins.
  const selected = tabs.findLastIndex((tab) => matchRoute({ to: tab.to, params, fuzzy: true }));
  return (
    // Scrollable without arrow buttons on phones (swiped instead): arrows that appear once the tabs are measured
    // narrow the strip after MUI has scrolled the open tab into view, and push it back out of sight.
    <Tabs
      value={selected === -1 ? false : selected}
      aria-label={label}
      variant="scrollable"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      {tabs.map((tab) => (
        <TabLink key={tab.label} label={tab.label} to={tab.to} params={params} />
      ))}
    </Tabs>
  );
}
