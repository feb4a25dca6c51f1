// Resources are keyed by `serial` columns: 32-bit integers from 1. An id of the API outside them names no
// row, and sending it to PostgreSQL would fail the statement (out of range for type integer).
const LARGEST_SERIAL = 2_147_483_647;

/** The key an API id (decimal text) names, or undefined when no row can have it (then: not found). */
export function rowId(id: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return undefined;
  const key = Number(id);
  return key <= LARGEST_SERIAL ? key : undefined;
}
