import { graphql } from '../generated/gql.ts';
import type { PlatformApi, TokenResponse } from '../support/http.ts';

// What the two-server test (two-servers-one-database.test.ts) knows of its customers: the documents they
// read with, what each has made as it knows it from the answers it got, and how that is compared with what
// the server shows.

export const NAMESPACE_CONTENTS = graphql(`
  query ReplicasNamespaceContents($name: String!) {
    namespace(name: $name) {
      name
      state
      locked
      containers {
        id
        name
        image
        state
        locked
      }
      containerJobs {
        name
        command
        state
        locked
      }
      volumes {
        id
        name
        size
        state
        locked
      }
    }
  }
`);

export const JOB_RUNS_AND_EVENTS = graphql(`
  query ReplicasJobRuns($name: String!, $namespace: String!) {
    containerJob(name: $name, namespace: $namespace) {
      runs {
        name
        status
        trigger
      }
      events(limit: 200) {
        type
        message
      }
    }
  }
`);

export const CONTAINER_EVENTS = graphql(`
  query ReplicasContainerEvents($id: ID!) {
    container(id: $id) {
      events(limit: 200) {
        type
      }
    }
  }
`);

export const VOLUME_EVENTS = graphql(`
  query ReplicasVolumeEvents($id: ID!) {
    volume(id: $id) {
      events(limit: 200) {
        type
      }
    }
  }
`);

export const INCREASE_VOLUME = graphql(`
  mutation ReplicasIncreaseVolume($name: String!, $namespace: String!, $size: Int!) {
    volumeIncrease(volumeInput: { name: $name, namespace: $namespace, size: $size }) {
      size
    }
  }
`);

export const AUDIT_TAGS = graphql(`
  query ReplicasAuditTags($customerId: ID!) {
    auditLogs(customerId: $customerId) {
      eventType
      modelName
      tags
    }
  }
`);

export const CUSTOMER = graphql(`
  query ReplicasCustomer {
    customer {
      id
    }
  }
`);

/** What one customer has made and not deleted, as the customer knows it from the answers it got. */
export interface NamespaceModel {
  /** Made before the load and never deleted: its job's every minute is checked. */
  permanent: boolean;
  containers: Map<string, { id: string; image: string; deploys: number }>;
  jobs: Map<string, JobModel>;
  volumes: Map<string, { id: string; size: number; grown: number }>;
}

export interface JobModel {
  permanent: boolean;
  command: string[];
  /** Date.now() when containerJobCreate was sent and answered. */
  sentAt: number;
  answeredAt: number;
  /** Names of the runs containerJobRun answered. */
  manualRuns: string[];
}

export interface Customer {
  index: number;
  email: string;
  password: string;
  tokens: TokenResponse;
  api: PlatformApi;
  customerId: string;
  namespaces: Map<string, NamespaceModel>;
  /** `Model event namespace/name` of every change answered: the audit log must hold exactly these. */
  audited: string[];
  /** Names are never used twice by a customer, so each audit entry and run names one resource. */
  counter: number;
}

export interface Failure {
  at: string;
  customer: number;
  operation: string;
  answer: unknown;
}

export const model = (permanent: boolean): NamespaceModel => ({
  permanent,
  containers: new Map(),
  jobs: new Map(),
  volumes: new Map(),
});

export const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resources as sorted `name: value` lines: two of one name would show, as they would not in an object. */
export const described = (resources: [string, string | number | string[] | null][]) =>
  resources
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .sort();
export const tally = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
};
