import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormSwitchProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  disabled?: boolean;
}

/** An on/off field bound to react-hook-form. */
export function FormSwitch<TValues extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: FormSwitchProps<TValues>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Switch
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          name={field.name}
          inputRef={field.ref}
        />
      }
    />
  );
}
