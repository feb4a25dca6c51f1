import type { ResourceColumn } from './resource-table.tsx';

/** A column whose cell is the text it sorts by. */
export function textColumn<TRow>({
  text,
  ...column
}: Omit<ResourceColumn<TRow>, 'cell' | 'value'> & { text: (row: TRow) => string }): ResourceColumn<TRow> {
  return { ...column, value: text, cell: text };
}
