import type { graphql as generatedGraphql } from '../../gql/console-logs/gql.ts';

/**
 * `graphql()` for operations of the console-logs API, as document.ts is for the platform API's: typed from
 * the console-logs schema, the text itself at run time. Codegen gives it the operations written in the logs
 * feature's api/log-*.ts files (packages/schema/codegen.ts); written anywhere else they are checked against
 * the platform schema.
 */
export const graphql = ((source: string) => source) as unknown as typeof generatedGraphql;
