import { OnDemandAlert } from '../on-demand-alert.tsx';

/** What the platform refused that names no field of the form, above its buttons (useServerRefusal). */
export function FormRefusal({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <OnDemandAlert severity="error" sx={{ whiteSpace: 'pre-line' }}>
      {messages.join('\n')}
    </OnDemandAlert>
  );
}
