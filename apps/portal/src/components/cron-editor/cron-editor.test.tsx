import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { CronFormat, PeriodId } from '@berth/cron';
import { CronEditor, type CronEditorChange } from './index.ts';

interface HarnessProps {
  readonly initial: string;
  readonly format?: CronFormat;
  readonly locale?: string;
  readonly period?: PeriodId;
  readonly timezone?: string;
  readonly onChange: (change: CronEditorChange) => void;
}

/** A parent that owns the value, as a react-hook-form Controller does. */
function Harness({ initial, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <CronEditor
      {...props}
      value={value}
      onChange={(change) => {
        setValue(change.expression);
        onChange(change);
      }}
    />
  );
}

function setup(props: Omit<HarnessProps, 'onChange'>) {
  const onChange = vi.fn<(change: CronEditorChange) => void>();
  const user = userEvent.setup();
  const view = render(<Harness {...props} onChange={onChange} />);
  return { user, onChange, view };
}

const expressionField = () => screen.getByRole('textbox', { name: 'Cron expression' });

/** Opens a field's grid, clicks the options and closes it again with Escape. */
async function pick(user: ReturnType<typeof userEvent.setup>, field: string, options: string[]) {
  await user.click(screen.getByRole('combobox', { name: field }));
  const listbox = screen.getByRole('listbox');
  for (const option of options) await user.click(within(listbox).getByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

describe('CronEditor', () => {
  test('starts with the shortest period that shows every field of the value', () => {
    setup({ initial: '0 4 * * 1' });
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Every week');
    expect(screen.getByRole('combobox', { name: 'Days of week' })).toHaveTextContent('Mon');
    expect(screen.getByRole('combobox', { name: 'Hours' })).toHaveTextContent('04');
    expect(screen.getByRole('combobox', { name: 'Minutes' })).toHaveTextContent('00');
    expect(screen.queryByRole('combobox', { name: 'Days of month' })).not.toBeInTheDocument();
  });

  test('a given period is used as it is', () => {
    setup({ initial: '0 4 * * *', period: 'year' });
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Every year');
    expect(screen.getByRole('combobox', { name: 'Months' })).toHaveTextContent('All');
  });

  test('changing the period resets the fields outside it to *', async () => {
    const { user, onChange } = setup({ initial: '0 4 1 6 1' });
    await user.click(screen.getByRole('combobox', { name: 'Schedule' }));
    await user.click(screen.getByRole('option', { name: 'Every week' }));

    expect(onChange).toHaveBeenLastCalledWith({ expression: '0 4 * * 1', period: 'week', error: undefined });
    expect(expressionField()).toHaveValue('0 4 * * 1');
    expect(screen.queryByRole('combobox', { name: 'Months' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Days of month' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Schedule' }));
    await user.click(screen.getByRole('option', { name: 'Every hour' }));
    expect(onChange).toHaveBeenLastCalledWith({ expression: '0 * * * *', period: 'hour', error: undefined });
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Minutes' })).toHaveTextContent('00');
  });

  test('changing the period says which chosen fields it set back to All', async () => {
    const { user } = setup({ initial: '0 4 1 6 *' });
    await user.click(screen.getByRole('combobox', { name: 'Schedule' }));
    await user.click(screen.getByRole('option', { name: 'Every week' }));
    // The note is an on-demand alert: its code may arrive a moment after the change.
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Reset to All, as “Every week” does not use them: Days of month and Months.',
    );

    // The next change is the customer's own: the note goes.
    await pick(user, 'Hours', ['05']);
    expect(expressionField()).toHaveValue('0 4,5 * * *');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // A longer period takes nothing away, and says nothing.
    await user.click(screen.getByRole('combobox', { name: 'Schedule' }));
    await user.click(screen.getByRole('option', { name: 'Every year' }));
    expect(expressionField()).toHaveValue('0 4,5 * * *');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('chosen options carry a check mark', async () => {
    const { user } = setup({ initial: '0 4 * * *' });
    await user.click(screen.getByRole('combobox', { name: 'Hours' }));
    const listbox = screen.getByRole('listbox', { name: 'Hours' });
    const option = (name: string) => within(listbox).getByRole('option', { name });
    expect(within(option('04')).getByTestId('selected-mark')).toBeInTheDocument();
    expect(within(option('05')).queryByTestId('selected-mark')).not.toBeInTheDocument();
    expect(within(listbox).getAllByTestId('selected-mark')).toHaveLength(1);

    await user.click(option('05'));
    expect(option('05')).toHaveAttribute('aria-selected', 'true');
    expect(within(option('05')).getByTestId('selected-mark')).toBeInTheDocument();
  });

  test('several chosen values are summarised in words', async () => {
    const { user } = setup({ initial: '0 0 * * *' });
    expect(screen.queryByText(/ a day/)).not.toBeInTheDocument();
    await pick(user, 'Hours', ['02']);
    expect(expressionField()).toHaveValue('0 0,2 * * *');
    expect(screen.getByText('Twice a day, at 00:00 and 02:00')).toBeInTheDocument();
  });

  test('selected values are written in the shortest form of SPEC §5', async () => {
    const { user, onChange } = setup({ initial: '* * * * *', period: 'hour' });
    await pick(user, 'Minutes', ['00', '15', '30', '45']);
    expect(onChange).toHaveBeenLastCalledWith({
      expression: '*/15 * * * *',
      period: 'hour',
      error: undefined,
    });
    expect(screen.getByRole('combobox', { name: 'Minutes' })).toHaveTextContent('every 15');

    await pick(user, 'Minutes', ['00', '05', '10']);
    expect(expressionField()).toHaveValue('5,10,15,30,45 * * * *');

    await pick(user, 'Minutes', ['05', '10', '15', '30', '45']);
    expect(expressionField()).toHaveValue('* * * * *');
    expect(screen.getByRole('combobox', { name: 'Minutes' })).toHaveTextContent('All');
  });

  test('quartz: a specific day sets the weekday to ? and the reverse', async () => {
    const { user, onChange } = setup({ initial: '0 0 4 ? * 2', format: 'quartz', period: 'month' });
    expect(screen.getByRole('combobox', { name: 'Days of month' })).toHaveTextContent('No specific day');

    await pick(user, 'Days of month', ['15']);
    expect(onChange).toHaveBeenLastCalledWith({
      expression: '0 0 4 15 * ?',
      period: 'month',
      error: undefined,
    });
    expect(screen.getByRole('combobox', { name: 'Days of week' })).toHaveTextContent('No specific day');

    await pick(user, 'Days of week', ['Friday']);
    expect(onChange).toHaveBeenLastCalledWith({
      expression: '0 0 4 ? * 6',
      period: 'month',
      error: undefined,
    });
  });

  test('a typed invalid segment shows the SPEC §5 message and emits the error', async () => {
    const { user, onChange } = setup({ initial: '0 4 * * 1' });
    await user.clear(expressionField());
    await user.type(expressionField(), '0 4 * * 9');

    const error = '9 is not a valid cron segment (dayOfWeek)';
    expect(onChange).toHaveBeenLastCalledWith({ expression: '0 4 * * 9', period: 'week', error });
    expect(expressionField()).toHaveAccessibleDescription(error);
    expect(expressionField()).toBeInvalid();
    expect(screen.getByRole('combobox', { name: 'Hours' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('region', { name: /Next runs/ })).not.toBeInTheDocument();

    await user.type(expressionField(), '{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith({
      expression: '0 4 * * ',
      period: 'week',
      error: 'invalid pattern',
    });
    expect(expressionField()).toHaveAccessibleDescription('invalid pattern');
  });

  test('typing a value the period cannot show moves to a period that can', async () => {
    const { user, onChange } = setup({ initial: '0 * * * *' });
    await user.clear(expressionField());
    await user.type(expressionField(), '0 4 1 * *');
    expect(onChange).toHaveBeenLastCalledWith({ expression: '0 4 1 * *', period: 'month', error: undefined });
    expect(screen.getByRole('combobox', { name: 'Days of month' })).toHaveTextContent('1');
  });

  test('fields work with the keyboard', async () => {
    const { user, onChange } = setup({ initial: '0 * * * *', period: 'day' });
    screen.getByRole('combobox', { name: 'Hours' }).focus();
    await user.keyboard('{Enter}');
    const listbox = screen.getByRole('listbox', { name: 'Hours' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(within(listbox).getByRole('option', { name: '04' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(onChange).toHaveBeenLastCalledWith({ expression: '0 4 * * *', period: 'day', error: undefined });
  });

  test('shows the description and the next five runs in the time zone', async () => {
    setup({ initial: '0 4 * * 1', timezone: 'Europe/Berlin' });
    expect(await screen.findByText('At 04:00 AM, only on Monday')).toBeInTheDocument();
    // Runs in a zone other than UTC come once the zone code has arrived (@berth/cron loadTimeZones).
    const region = await screen.findByRole('region', { name: 'Next runs (Europe/Berlin)' });
    const runs = within(region).getAllByRole('listitem');
    expect(runs).toHaveLength(5);
    // Computed and written in Berlin time: Monday 04:00 there (03:00 or 02:00 UTC).
    for (const run of runs) expect(run).toHaveTextContent(/^Mon, .* 04:00 AM$/);
  });

  test('the locale changes the labels, names and description', async () => {
    const { user, view } = setup({ initial: '0 4 * * 1', locale: 'de' });
    expect(await screen.findByText('Um 04:00, nur jeden Montag')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Zeitplan' })).toHaveTextContent('Jede Woche');
    expect(screen.getByRole('combobox', { name: 'Wochentage' })).toHaveTextContent(/^Mo\.?$/);
    expect(screen.getByRole('textbox', { name: 'Cron-Ausdruck' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Nächste Ausführungen (UTC)' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Wochentage' }));
    expect(screen.getByRole('option', { name: 'Montag' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');

    view.rerender(<Harness initial="0 4 * * 1" locale="fr" onChange={vi.fn()} />);
    expect(await screen.findByText('À 04:00, uniquement le lundi')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Planification' })).toHaveTextContent('Chaque semaine');
    expect(screen.getByRole('combobox', { name: 'Jours de la semaine' })).toHaveTextContent(/^lun\.$/);
  });

  test('an unknown locale falls back to English throughout', async () => {
    setup({ initial: '0 4 * * 1', locale: 'it' });
    expect(await screen.findByText('At 04:00 AM, only on Monday')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Every week');
    expect(screen.getByRole('combobox', { name: 'Days of week' })).toHaveTextContent('Mon');
    expect(
      within(screen.getByRole('region', { name: 'Next runs (UTC)' })).getAllByRole('listitem')[0],
    ).toHaveTextContent(/^Mon, /);
  });
});
