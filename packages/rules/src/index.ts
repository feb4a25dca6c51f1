export {
  ACTIONS,
  AREAS,
  decide,
  standingOf,
  SUSPENDED_REASONS,
  type Action,
  type Area,
  type Decision,
  type NextStep,
  type PolicyCustomer,
  type Standing,
  type SuspendedReason,
} from './access-policy.ts';
export {
  ALLOWLIST_MAX,
  allowlistEntryProblem,
  isIpv4,
  isIpv6,
  type AllowlistEntryProblem,
} from './allowlist.ts';
export {
  API_KEY_LIFETIME_CHOICES,
  API_KEY_LIFETIME_MAX_DAYS,
  API_KEY_NAME_MAX,
  API_KEYS_PER_ACCOUNT,
  apiKeyExpiry,
  apiKeyExpiryProblem,
  apiKeyNameProblem,
  type ApiKeyExpiryProblem,
  type ApiKeyNameProblem,
} from './api-keys.ts';
export {
  CLUSTER_ADMIN_USER,
  CLUSTER_IDENTIFIER_MAX,
  clusterDatabaseNameProblem,
  clusterUserNameProblem,
  RESERVED_DATABASE_NAMES,
  RESERVED_IDENTIFIER_PREFIX,
  RESERVED_USER_NAMES,
  type ClusterIdentifierProblem,
} from './cluster-identifiers.ts';
export {
  domainNameProblem,
  HOST_LABEL_MAX,
  HOSTNAME_MAX,
  hostnameProblem,
  isHostLabel,
  type DomainNameProblem,
  type HostnameProblem,
} from './host-label.ts';
export {
  IMAGE_NAME_MAX,
  imageReferenceProblem,
  isImagePathComponent,
  type ImageReferenceProblem,
} from './image-reference.ts';
export {
  AUTOSCALING_REPLICAS,
  autoscalingProblem,
  MANUAL_REPLICAS,
  manualReplicasProblem,
  REGISTRY_PASSWORD_MAX,
  REGISTRY_SOURCE_MAX,
  REGISTRY_USERNAME_MAX,
  registryPasswordProblem,
  registryUsernameProblem,
  VOLUME_SIZE_GB,
  volumeSizeProblem,
  type AutoscalingProblem,
  type CredentialProblem,
  type RangeProblem,
} from './limits.ts';
export { mountPathKey, mountPathProblem, type MountPathProblem } from './mount-path.ts';
export {
  RESOURCE_NAME_MAX,
  resourceNameProblem,
  variableNameProblem,
  type ResourceNameProblem,
  type VariableNameProblem,
} from './names.ts';
