// Domain errors raised by services; the GraphQL layer turns each into its `extensions.code`.

export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN',
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badInput = (field: string, message: string) => new DomainError(message, 'BAD_USER_INPUT', field);
export const notFound = (what: string) => new DomainError(`${what} not found`, 'NOT_FOUND');
export const conflict = (message: string) => new DomainError(message, 'CONFLICT');
export const forbidden = (message: string) => new DomainError(message, 'FORBIDDEN');

/** A change asked of something the provisioner is still applying an earlier change to. */
export const busy = (kind: string, row: { name: string; state: string }) =>
  conflict(`${kind} ${row.name} is being changed (${row.state}); try again when it is done`);

/** Inputs the contract declares optional although there is nothing to do without them. */
export function requiredInput<T>(field: string, input: T | null | undefined): T {
  if (input == null) throw badInput(field, `${field} is required`);
  return input;
}
