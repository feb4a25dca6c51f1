import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { MdiIcon } from '../../components/mdi-icon.tsx';
import { mdiCubeOutline, mdiDatabaseOutline, mdiHistory, mdiReceiptTextOutline, mdiTrayFull } from '@mdi/js';
import { useRouteContext } from '@tanstack/react-router';
import { ListItemLink } from '../../components/router-links.tsx';
import { featureFlags, useEnabledFlags } from '../../lib/flags.ts';

interface Entry {
  label: string;
  to:
    | '/compute/serverless-containers'
    | '/storage/databases'
    | '/storage/message-queues'
    | '/account/billing'
    | '/account/audit-log';
  icon: string;
  /** The flag of the route it leads to: while that is off, the entry is left out. */
  featureFlag?: string;
}

const products: readonly Entry[] = [
  { label: 'Serverless containers', to: '/compute/serverless-containers', icon: mdiCubeOutline },
  {
    label: 'Cloud databases',
    to: '/storage/databases',
    icon: mdiDatabaseOutline,
    featureFlag: featureFlags.databaseClusters,
  },
  { label: 'Message queues', to: '/storage/message-queues', icon: mdiTrayFull },
];
const accountPages: readonly Entry[] = [
  { label: 'Billing', to: '/account/billing', icon: mdiReceiptTextOutline },
  { label: 'Audit log', to: '/account/audit-log', icon: mdiHistory, featureFlag: featureFlags.auditLog },
];

function Entries({ entries, onNavigate }: { entries: readonly Entry[]; onNavigate?: () => void }) {
  const flagsOn = useEnabledFlags(useRouteContext({ from: '__root__', select: (context) => context.flags }));
  return (
    <List>
      {entries
        .filter((entry) => !entry.featureFlag || flagsOn.has(entry.featureFlag))
        .map((entry) => (
          <ListItem key={entry.to} disablePadding>
            <ListItemLink
              to={entry.to}
              onClick={onNavigate}
              activeProps={{ className: 'Mui-selected', 'aria-current': 'page' }}
              sx={{ mx: 1, '&.Mui-selected': { borderLeft: 3, borderColor: 'primary.main' } }}
            >
              <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
                <MdiIcon path={entry.icon} />
              </ListItemIcon>
              <ListItemText primary={entry.label} />
            </ListItemLink>
          </ListItem>
        ))}
    </List>
  );
}

/**
 * The product sections, then the account's own pages; the current one is marked for sighted and
 * screen-reader users alike.
 */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <nav aria-label="Products">
        <Entries entries={products} onNavigate={onNavigate} />
      </nav>
      {/* A line between the products and the account's pages (a border: no Divider in the first screen). */}
      <Box
        component="nav"
        aria-label="Account"
        sx={{ '&::before': { content: '""', display: 'block', mx: 2, borderTop: 1, borderColor: 'divider' } }}
      >
        <Entries entries={accountPages} onNavigate={onNavigate} />
      </Box>
    </>
  );
}
