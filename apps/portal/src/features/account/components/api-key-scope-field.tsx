import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useController, type Control } from 'react-hook-form';
import { RadioCard } from '@/components/radio-card.tsx';
import type { ApiKeyValues } from './api-key-schema.ts';

export const scopeLabels = { READ: 'Read only', READ_WRITE: 'Read and write' } as const;

const scopeDetails = {
  READ: 'Looks at resources, logs and usage; every change is refused.',
  READ_WRITE: 'Also creates, changes and deletes resources, as you can.',
} as const;

/** What the key's tokens may do, as two cards of one radio group (the arrow keys move between them). */
export function ApiKeyScopeField({ control }: { control: Control<ApiKeyValues> }) {
  const { field } = useController({ control, name: 'scope' });
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        Access
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {(['READ', 'READ_WRITE'] as const).map((scope) => (
          <ScopeCard key={scope} scope={scope} selected={field.value === scope} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function ScopeCard({ scope, selected }: { scope: ApiKeyValues['scope']; selected: boolean }) {
  const detailsId = useId();
  return (
    <RadioCard selected={selected} sx={{ alignItems: 'flex-start', p: 1.5, pl: 0.5 }}>
      <Radio value={scope} slotProps={{ input: { 'aria-describedby': detailsId } }} sx={{ mt: -0.5 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{scopeLabels[scope]}</Typography>
        <Typography id={detailsId} variant="body2" color="text.secondary">
          {scopeDetails[scope]}
        </Typography>
      </Box>
    </RadioCard>
  );
}
