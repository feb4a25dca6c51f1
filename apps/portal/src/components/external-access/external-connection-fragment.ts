import { graphql } from '../../lib/graphql/document.ts';

// What the portal reads of an external connection (API.md), the same on a container, a database cluster and a
// message queue: the details query of each spreads it, and is sent with it (withFragments).

export const externalConnectionFragment = graphql(`
  fragment ExternalConnectionView on ExternalConnection {
    ipv4
    ipv6
    sharedIp
    ports {
      externalPort
      internalPort
      protocol
      allowList
    }
  }
`);
