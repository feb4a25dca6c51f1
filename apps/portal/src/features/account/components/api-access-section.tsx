import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from '@/components/copy-button.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { Section } from '@/components/section.tsx';
import { env } from '@/config/env.ts';
import { CopyableValue, monospace } from './copyable-value.tsx';
import { apiRequestExample, tokenEndpointOf, tokenRequestExample } from './token-request.ts';

function Example({ title, label, example }: { title: string; label: string; example: string }) {
  return (
    <div>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <CopyButton value={example} label={`Copy the ${label.toLowerCase()}`} />
      </Stack>
      <Box
        component="pre"
        aria-label={label}
        sx={{
          ...monospace,
          m: 0,
          mt: 1,
          p: 2,
          borderRadius: 1,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {example}
      </Box>
    </div>
  );
}

/**
 * What a script or infrastructure tool needs to call the API: an API key's token from the token endpoint
 * (the OAuth client-credentials grant), then the API with it.
 */
export function ApiAccessSection() {
  const tokenEndpoint = tokenEndpointOf(env.oidcAuthority);
  const apiUrl = new URL(env.platformGraphqlUrl, window.location.origin).href;
  return (
    <Section
      title="API access"
      description="Scripts and infrastructure tools get an access token with an API key, as an OAuth client (the client-credentials grant), then call the API with it."
    >
      <FactsList
        facts={[
          {
            term: 'Token endpoint',
            value: <CopyableValue value={tokenEndpoint} label="Copy the token endpoint" />,
          },
          { term: 'API', value: <CopyableValue value={apiUrl} label="Copy the API address" /> },
        ]}
      />
      <Example
        title="1. Get an access token"
        label="Example token request"
        example={tokenRequestExample(tokenEndpoint)}
      />
      <Example title="2. Call the API" label="Example API request" example={apiRequestExample(apiUrl)} />
      <Typography variant="body2" color="text.secondary">
        Set <code>CLIENT_ID</code> and <code>CLIENT_SECRET</code> to an API key’s. The first answer’s{' '}
        <code>access_token</code> is the <code>ACCESS_TOKEN</code> of the second; when it expires (
        <code>expires_in</code> seconds), ask for a new one the same way.
      </Typography>
    </Section>
  );
}
