// A resource's external connection as its driver takes it (API.md "external connections"): the addresses
// allocated from the operator's pools, and each port forwarded to the resource with who may connect.

export interface ExternalPortState {
  externalPort: number;
  internalPort: number;
  protocol: 'TCP' | 'UDP';
  /** Addresses and CIDRs that may connect; empty lets everyone. */
  allowList: string[];
}

export interface ExternalConnectionState {
  ipv4: string;
  ipv6: string;
  /** The customer's shared pair (other resources' ports on the same addresses), or the connection's own. */
  shared: boolean;
  ports: ExternalPortState[];
}
