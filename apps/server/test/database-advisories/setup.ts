import { graphql } from '../generated/gql.ts';
import type { TestServer } from '../support/server.ts';

// What the advisories' tests share: their documents, and an analysis run now as the daily timer would.

export const ADVISOR = graphql(`
  query ClusterAdvisor($name: String!, $namespace: String!, $type: CloudDatabaseAdvisoryType) {
    cloudDatabaseCluster(cloudDatabase: { name: $name, namespace: $namespace }) {
      state
      locked
      features {
        __typename
        enabled
        status
      }
      advisories(type: $type) {
        __typename
        identifier
        message
        createdAt
        ... on CloudDatabaseAdvisoryMissingIndex {
          databaseName
        }
      }
    }
  }
`);

export const MODIFY_ADVISOR = graphql(`
  mutation ModifyClusterAdvisor($input: CloudDatabaseClusterModifyInput!) {
    cloudDatabaseClusterModify(cloudDatabaseClusterInput: $input) {
      state
      locked
      features {
        enabled
        status
      }
    }
  }
`);

/** The advisor's analysis of every cluster that is due, now (what the app's timer does each minute). */
export const analyseDue = (server: TestServer) => server.services.databaseAdvisories.runDue();

/** Today's date as the advisor's status writes it (UTC). */
export const today = () => new Date().toISOString().slice(0, 10);
