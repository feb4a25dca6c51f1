import type { graphql as generatedGraphql } from '../../gql/gql.ts';

/**
 * The codegen client preset's `graphql()`, minus its cost. The generated one looks the document up in a map
 * of every operation in the portal, so whichever screen imports it first ships them all (the first screen
 * did). This one has the same overloads, generated from each operation's text, so a call is typed exactly
 * as before; at run time it returns the text itself, which is all the client sends (`document.toString()`).
 * Each operation's text thereby stays in the chunk of the code that uses it.
 *
 * Codegen finds the operations by the call's name (`graphql(`), whatever it is imported from. Operations
 * do not use fragments: the text sent is the text written here, without generated fragment definitions.
 */
export const graphql = ((source: string) => source) as unknown as typeof generatedGraphql;
