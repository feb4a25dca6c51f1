import * as z from 'zod/mini';
import {
  CLUSTER_IDENTIFIER_MAX,
  clusterDatabaseNameProblem,
  clusterUserNameProblem,
  RESERVED_IDENTIFIER_PREFIX,
  type ClusterIdentifierProblem,
} from '@berth/rules';
import { problemCheck } from '@/lib/validation/problem-check.ts';

// Names of users and databases inside a cluster, as the platform accepts them (@berth/rules): unquoted
// identifiers of both engines (PostgreSQL and MySQL), at most 32 characters (MySQL's user names), none of
// the names the engines keep for themselves. Checked as they are typed, so a bad name never reaches the
// platform.

const messages: Record<ClusterIdentifierProblem, string> = {
  empty: 'Enter a name',
  'bad-start': 'Start with a lowercase letter',
  'bad-character': 'Use only lowercase letters, digits and underscores',
  'too-long': `Use at most ${CLUSTER_IDENTIFIER_MAX} characters`,
  'reserved-prefix': `Names starting with ${RESERVED_IDENTIFIER_PREFIX} are reserved`,
  reserved: 'This name is reserved',
};

function identifierSchema(problemOf: (name: string) => ClusterIdentifierProblem | undefined) {
  return z.string().check(
    problemCheck((name) => {
      const problem = problemOf(name);
      return problem && messages[problem];
    }),
  );
}

export const clusterUserNameSchema = identifierSchema(clusterUserNameProblem);
export const clusterDatabaseNameSchema = identifierSchema(clusterDatabaseNameProblem);

/** Says which names may be used, below the field. */
export const identifierRules = `Lowercase letters, digits and underscores; starts with a letter, at most ${CLUSTER_IDENTIFIER_MAX} characters.`;
