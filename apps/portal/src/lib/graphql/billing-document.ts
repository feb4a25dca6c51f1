import type { graphql as generatedGraphql } from '../../gql/billing/gql.ts';

/**
 * `graphql()` for operations of the billing API, as document.ts is for the platform API's: typed from the
 * billing schema, the text itself at run time. Codegen gives it the operations written in
 * features/billing/api (packages/schema/codegen.ts); written anywhere else they are checked against the
 * platform schema.
 */
export const graphql = ((source: string) => source) as unknown as typeof generatedGraphql;
