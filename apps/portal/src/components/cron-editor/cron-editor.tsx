import { useState, type Ref } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  applyPeriod,
  editableFields,
  getFields,
  getPeriods,
  initialPeriod,
  parseCron,
  periodCovers,
  resolveCronLocale,
  setField,
  valuesToSegmentText,
  type CronFormat,
  type CronLocale,
  type FieldId,
  type PeriodId,
} from '@berth/cron';
import { FieldSelect } from './field-select.tsx';
import { NextRuns } from './next-runs.tsx';
import { summarizeSchedule } from './schedule-summary.ts';
import type { CronEditorTexts } from './translations.ts';
import { useDescription } from './use-description.ts';
import { useCronEditorTexts } from './use-editor-texts.ts';
import { OnDemandAlert } from '../on-demand-alert.tsx';

export interface CronEditorChange {
  readonly expression: string;
  readonly period: PeriodId;
  /** The SPEC §5 message when the expression is invalid. */
  readonly error: string | undefined;
}

export interface CronEditorProps {
  readonly value: string;
  readonly onChange: (change: CronEditorChange) => void;
  readonly format?: CronFormat;
  /** BCP 47 tag; labels and description fall back to English outside the 13 locales of SPEC §9. */
  readonly locale?: string;
  /** The period to start with; by default the shortest one that shows every field the value sets. */
  readonly period?: PeriodId;
  /** IANA time zone the schedule runs in, shown with the next runs. */
  readonly timezone?: string;
  /** Given to the expression's text field, so a form can name it and focus it on a validation error. */
  readonly name?: string;
  readonly onBlur?: () => void;
  readonly ref?: Ref<HTMLInputElement>;
}

/**
 * Builds a cron expression from a period and one multi-select per field, or by typing it. Controlled: it shows
 * `value` and reports every change through `onChange`, so it slots into a react-hook-form Controller.
 */
export function CronEditor({ locale = 'en', ...props }: CronEditorProps) {
  // One supported locale for labels, names, dates and description, so a page never mixes two languages.
  const language = resolveCronLocale(locale);
  const texts = useCronEditorTexts(language);
  // A language other than English shows once its texts have arrived (a moment), never English first.
  return texts ? <LocalizedCronEditor {...props} language={language} texts={texts} /> : null;
}

interface LocalizedCronEditorProps extends Omit<CronEditorProps, 'locale'> {
  readonly language: CronLocale;
  readonly texts: CronEditorTexts;
}

function LocalizedCronEditor({
  value,
  onChange,
  format = 'crontab',
  language,
  texts,
  period,
  timezone = 'UTC',
  name,
  onBlur,
  ref,
}: LocalizedCronEditorProps) {
  const [chosenPeriod, setChosenPeriod] = useState(() => initialPeriod(value, format, period));
  // A new `period` prop replaces the user's choice (React's "adjust state when a prop changes").
  const [givenPeriod, setGivenPeriod] = useState(period);
  if (period !== givenPeriod) {
    setGivenPeriod(period);
    if (period !== undefined) setChosenPeriod(period);
  }

  const parsed = parseCron(value, format);
  const error = 'error' in parsed ? parsed.error : undefined;
  const segments = 'error' in parsed ? undefined : parsed.segments;
  // A value set from outside (typed, or a form reset) may need a longer period to show all its fields.
  const currentPeriod =
    getPeriods(format).includes(chosenPeriod) &&
    (error !== undefined || periodCovers(chosenPeriod, value, format))
      ? chosenPeriod
      : initialPeriod(value, format);
  const fields = getFields(format);
  const description = useDescription(value, format, language);
  const summary = summarizeSchedule(value, format, language, texts);
  // The fields the last period change set back to `*`, said until the expression changes again (SPEC §4).
  const [reset, setReset] = useState<{ expression: string; period: PeriodId; fields: FieldId[] }>();
  const resetShown = reset?.expression === value ? reset : undefined;

  const emit = (expression: string, nextPeriod: PeriodId, nextError: string | undefined) => {
    setChosenPeriod(nextPeriod);
    onChange({ expression, period: nextPeriod, error: nextError });
  };

  const changePeriod = (nextPeriod: PeriodId) => {
    const result = applyPeriod(value, nextPeriod, format);
    // Fields the new period does not show lose what was chosen in them (an invalid expression stays as it is).
    const kept = editableFields(nextPeriod, format);
    const cleared = fields
      .filter((field, index) => !kept.includes(field.id) && (segments?.[index]?.values.length ?? 0) > 0)
      .map((field) => field.id);
    setReset(
      cleared.length > 0 ? { expression: result.expression, period: nextPeriod, fields: cleared } : undefined,
    );
    emit(result.expression, nextPeriod, result.error);
  };

  const changeField = (fieldId: FieldId, values: number[]) => {
    // Unconvertible values (never offered by the grid) reach setField as a list, which reports the §5 error.
    const text = valuesToSegmentText(values, fieldId, format) ?? values.join(',');
    const result = setField(value, fieldId, text, format);
    emit(result.expression, currentPeriod, result.error);
  };

  const changeText = (expression: string) => {
    const result = parseCron(expression, format);
    const textError = 'error' in result ? result.error : undefined;
    const keepsPeriod = textError !== undefined || periodCovers(currentPeriod, expression, format);
    emit(expression, keepsPeriod ? currentPeriod : initialPeriod(expression, format), textError);
  };

  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))',
        }}
      >
        <TextField
          select
          label={texts.period}
          value={currentPeriod}
          onChange={(event) => {
            const next = getPeriods(format).find((id) => id === event.target.value);
            if (next !== undefined) changePeriod(next);
          }}
        >
          {getPeriods(format).map((id) => (
            <MenuItem key={id} value={id}>
              {texts.periods[id]}
            </MenuItem>
          ))}
        </TextField>
        {editableFields(currentPeriod, format).map((fieldId) => {
          const index = fields.findIndex((field) => field.id === fieldId);
          const field = fields[index];
          return field === undefined ? null : (
            <FieldSelect
              key={fieldId}
              field={field}
              format={format}
              locale={language}
              texts={texts}
              segment={segments?.[index]}
              onChange={(values) => changeField(fieldId, values)}
            />
          );
        })}
      </Box>
      {resetShown && (
        <OnDemandAlert severity="info" role="status">
          {texts.resetFields(
            texts.periods[resetShown.period],
            new Intl.ListFormat(language, { type: 'conjunction' }).format(
              resetShown.fields.map((id) => texts.fields[id]),
            ),
          )}
        </OnDemandAlert>
      )}
      <TextField
        label={texts.expression}
        value={value}
        name={name}
        inputRef={ref}
        onBlur={onBlur}
        onChange={(event) => changeText(event.target.value)}
        error={error !== undefined}
        helperText={error}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off' } }}
        sx={{ '& input': { fontFamily: 'monospace' } }}
      />
      <Box aria-live="polite" sx={{ minHeight: '1.5em' }}>
        {summary && <Typography sx={{ fontWeight: 600 }}>{summary}</Typography>}
        <Typography>{description}</Typography>
      </Box>
      <NextRuns expression={value} format={format} locale={language} timezone={timezone} />
    </Stack>
  );
}
