import type { ReactNode } from 'react';
import { ResourceTable, type ResourceColumn } from './resource-table.tsx';
import { Section } from './section.tsx';

/** A section of a details page that is one table, which the section's title names. */
export function TableSection<TRow>({
  title,
  description,
  columns,
  rows,
  rowKey,
  empty,
}: {
  title: string;
  description?: string;
  columns: readonly ResourceColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string;
  /** Shown instead of the table while there are no rows. */
  empty: ReactNode;
}) {
  return (
    <Section title={title} description={description}>
      <ResourceTable label={title} columns={columns} rows={rows} rowKey={rowKey} empty={empty} />
    </Section>
  );
}
