import type { graphql as generatedGraphql } from '../../gql/gql.ts';

/**
 * The codegen client preset's `graphql()`, minus its cost. The generated one looks the document up in a map
 * of every operation in the portal, so whichever screen imports it first ships them all (the first screen
 * did). This one has the same overloads, generated from each operation's text, so a call is typed exactly
 * as before; at run time it returns the text itself, which is all the client sends (`document.toString()`).
 * Each operation's text thereby stays in the chunk of the code that uses it.
 *
 * Codegen finds the operations and fragments by the call's name (`graphql(`), whatever it is imported from.
 * The text sent is the text written here, without generated fragment definitions: an operation that spreads
 * fragments is sent with them through `withFragments`.
 */
export const graphql = ((source: string) => source) as unknown as typeof generatedGraphql;

/**
 * An operation that spreads fragments (each a `graphql()` of its own, one per row or detail type), with their
 * definitions after it, as the API needs them. Codegen types the operation from the spreads alone; this adds
 * the text. Pass every fragment the operation spreads, and only those: the API refuses an unused one.
 */
export function withFragments<TDocument>(
  operation: TDocument,
  ...fragments: readonly { toString(): string }[]
) {
  return [operation, ...fragments].join('') as unknown as TDocument;
}
