import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { formatDateTime } from '@/lib/format.ts';
import type { ApiKey } from '../api/api-keys.ts';
import { scopeLabels } from './api-key-scope-field.tsx';
import { monospace } from './copyable-value.tsx';

/** Whether a key still works: revoked and expired keys stay listed a while, to show what became of them. */
export function keyState(key: ApiKey, now: Date): 'active' | 'expired' | 'revoked' {
  if (key.revokedAt) return 'revoked';
  return new Date(key.expiresAt) <= now ? 'expired' : 'active';
}

/**
 * The keys table's columns: name and client ID, access, when made, when it expires (or that it has, or was
 * revoked), when last used, and revoking it.
 */
export function apiKeyColumns(
  now: Date,
  revoke: (key: ApiKey) => void,
  preload: () => void,
): ResourceColumn<ApiKey>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: (key) => (
        <>
          {key.name}
          <Box component="code" sx={{ ...monospace, display: 'block', color: 'text.secondary' }}>
            {key.clientId}
          </Box>
        </>
      ),
    },
    { id: 'access', header: 'Access', cell: (key) => scopeLabels[key.scope] },
    { id: 'created', header: 'Created', hideBelow: 'md', cell: (key) => formatDateTime(key.createdAt) },
    {
      id: 'expires',
      header: 'Expires',
      cell: (key) => {
        const state = keyState(key, now);
        if (state === 'active') return formatDateTime(key.expiresAt);
        return (
          <>
            <Chip
              size="small"
              variant="outlined"
              color={state === 'expired' ? 'warning' : 'default'}
              label={state === 'expired' ? 'Expired' : 'Revoked'}
              sx={{ fontWeight: 600 }}
            />
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(state === 'expired' ? key.expiresAt : key.revokedAt)}
            </Typography>
          </>
        );
      },
    },
    {
      id: 'last-used',
      header: 'Last used',
      hideBelow: 'sm',
      cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (key) =>
        key.revokedAt ? null : (
          <Button
            size="small"
            color="error"
            aria-label={`Revoke API key ${key.name}`}
            onClick={() => revoke(key)}
            onPointerEnter={preload}
            onFocus={preload}
          >
            Revoke
          </Button>
        ),
    },
  ];
}
