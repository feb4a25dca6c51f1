import { graphql } from '@/lib/graphql/document.ts';

// What the portal reads of a database cluster and of a legacy database, once per type it shows: a row of
// the lists (also what creating a cluster answers) and a details page; and of a plan, the same on a cluster's
// details page as among the plans a new cluster can have. Every operation asking for one of them spreads its
// fragment and is sent with it (withFragments), and with the fragments that one spreads.

export const clusterRowFragment = graphql(`
  fragment ClusterRow on CloudDatabaseCluster {
    id
    name
    state
    locked
    unpaidSince
    unpaidStopAt
    namespace {
      id
      name
    }
    spec {
      type
      version
    }
    plan {
      id
      name
      price {
        amount
        currency
      }
    }
  }
`);

export const clusterPlanFragment = graphql(`
  fragment ClusterPlan on Plan {
    id
    name
    group
    cpu
    memory
    storage
    replicas
    price {
      amount
      currency
    }
  }
`);

/**
 * Spreads ClusterPlan and ExternalConnectionView: sent with clusterPlanFragment and externalConnectionFragment.
 * The advisor's status and advisories are read on their concrete types.
 */
export const clusterDetailsFragment = graphql(`
  fragment ClusterDetails on CloudDatabaseCluster {
    id
    name
    namespace {
      id
      name
    }
    state
    locked
    unpaidSince
    unpaidStopAt
    hostname
    port
    plan {
      ...ClusterPlan
    }
    spec {
      type
      version
      patchLevelVersion
    }
    users {
      name
      role
      status
      permissions {
        databaseName
        permission
      }
    }
    databases {
      name
      description
      status
    }
    externalConnection {
      ...ExternalConnectionView
    }
    features {
      __typename
      ... on CloudDatabaseClusterAdvisor {
        enabled
        status
      }
    }
    advisories {
      __typename
      ... on CloudDatabaseAdvisoryMissingIndex {
        identifier
        message
        createdAt
        databaseName
      }
      ... on CloudDatabaseAdvisory {
        identifier
        message
        createdAt
      }
    }
  }
`);

export const legacyDatabaseRowFragment = graphql(`
  fragment LegacyDatabaseRow on CloudDatabase {
    id
    name
    state
    version {
      id
      name
    }
    nodeType {
      key
      name
    }
    location {
      id
      name
    }
  }
`);

export const legacyDatabaseDetailsFragment = graphql(`
  fragment LegacyDatabaseDetails on CloudDatabase {
    id
    name
    hostname
    username
    connectionString
    whitelist
    version {
      id
      type
      key
      name
    }
    nodeType {
      id
      key
      name
      numberOfNodes
      description
      price {
        amount
        currency
      }
      specifications {
        cpu
        ram
        storage
      }
    }
    location {
      id
      name
    }
    state
    createdAt
    deletedAt
  }
`);
