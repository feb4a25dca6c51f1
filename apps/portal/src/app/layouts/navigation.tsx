import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { MdiIcon } from '../../components/mdi-icon.tsx';
import { mdiCubeOutline, mdiDatabaseOutline } from '@mdi/js';
import { ListItemLink } from '../../components/router-links.tsx';

const sections = [
  { label: 'Serverless containers', to: '/compute/serverless-containers', icon: mdiCubeOutline },
  { label: 'Cloud databases', to: '/storage/databases', icon: mdiDatabaseOutline },
] as const;

/** The product sections; the current one is marked for sighted and screen-reader users alike. */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Products">
      <List>
        {sections.map((section) => (
          <ListItem key={section.to} disablePadding>
            <ListItemLink
              to={section.to}
              onClick={onNavigate}
              activeProps={{ className: 'Mui-selected', 'aria-current': 'page' }}
              sx={{ mx: 1, '&.Mui-selected': { borderLeft: 3, borderColor: 'primary.main' } }}
            >
              <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
                <MdiIcon path={section.icon} />
              </ListItemIcon>
              <ListItemText primary={section.label} />
            </ListItemLink>
          </ListItem>
        ))}
      </List>
    </nav>
  );
}
