import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
} from 'graphql';

// The valid requests the fuzz cases (fuzz-cases.ts) make hostile one position at a time: BASES name the
// seeded resources (fuzz-world.ts), so mutations reach their rules; any other operation and input type gets
// a valid value from the schema alone.

/** Stands for a value known once the world is seeded (see fuzz-world.ts), e.g. `⟨volumeId⟩`. */
export const placeholder = (name: string) => `⟨${name}⟩`;
/** A name no resource has yet: each request gets its own, so creates reach their rules. */
export const FRESH = placeholder('fresh');

const resource = (name: string) => ({ name, namespace: 'shop' });

/** Valid arguments of the operations, on the seeded world (fuzz-world.ts). */
const BASES: Record<string, Record<string, unknown>> = {
  namespaceCreate: { namespaceInput: { name: FRESH, description: 'fuzzing' } },
  // It holds resources: refused unless told to delete them too, which no hostile value asks.
  namespaceDelete: { namespace: { name: 'shop' } },
  containerCreate: {
    containerInput: { ...resource(FRESH), image: 'nginx:1.27', ports: ['8080'] },
  },
  containerModify: { containerInput: resource('web') },
  containerDelete: { container: resource('web') },
  containerJobCreate: {
    scheduledJob: {
      ...resource(FRESH),
      image: 'alpine:3.20',
      resources: 'CPU_250_RAM_500',
      schedule: '0 4 * * 1',
      enabled: false,
    },
  },
  containerJobModify: { scheduledJob: resource('backup') },
  containerJobDelete: { scheduledJob: resource('backup') },
  containerJobRun: { scheduledJob: resource('backup') },
  registryConnectionCreate: {
    registryInput: {
      ...resource(FRESH),
      source: 'registry.example.com',
      username: 'robot',
      password: 'hunter22',
      verify: false,
    },
  },
  registryConnectionDelete: { registryConnection: resource('private') },
  volumeCreate: { volumeInput: { ...resource(FRESH), size: 1 } },
  volumeIncrease: { volumeInput: { ...resource('data'), size: 20 } },
  volumeDelete: { volume: resource('data') },
  namespace: { name: 'shop' },
  container: { containerResourceInput: resource('web') },
  containerJob: resource('backup'),
  privateRegistries: { namespace: 'shop' },
  volume: { id: placeholder('volumeId') },
  volumes: { namespaceId: placeholder('namespaceId') },
  resourceSpecifications: { kind: 'container' },
  auditLogs: { customerId: placeholder('customerId') },
  cloudDatabaseClusterCreate: {
    cloudDatabaseClusterInput: {
      ...resource(FRESH),
      spec: { type: 'postgresql', version: '16' },
      plan: 'xs-1',
    },
  },
  cloudDatabaseClusterModify: {
    cloudDatabaseClusterInput: { ...resource('orders'), databases: [{ name: 'more' }] },
  },
  cloudDatabaseClusterDelete: { cloudDatabase: resource('orders') },
  cloudDatabaseClusterUserCreate: {
    userInput: { cluster: resource('orders'), user: { name: 'reader', permissions: [] } },
  },
  cloudDatabaseClusterUserModify: {
    userInput: { cluster: resource('orders'), user: { name: 'app_user', permissions: [] } },
  },
  cloudDatabaseClusterUserDelete: { userInput: { cluster: resource('orders'), name: 'app_user' } },
  cloudDatabaseClusterDatabaseCreate: {
    databaseInput: { cluster: resource('orders'), database: { name: 'more' } },
  },
  cloudDatabaseClusterDatabaseDelete: { databaseInput: { cluster: resource('orders'), name: 'app' } },
  cloudDatabaseCluster: { cloudDatabase: resource('orders') },
  cloudDatabaseClusterUserCredentials: { cloudDatabase: resource('orders'), username: 'app_user' },
  cloudDatabase: { id: placeholder('cloudDatabaseId') },
  createCloudDatabase: {
    customerId: placeholder('customerId'),
    name: 'fresh_db',
    password: 'a-long-password',
    username: 'owner',
    version: 'postgresql-16',
    nodeType: 'db.small',
    location: 1,
    whitelist: [],
  },
  nodeType: { id: 'db.small' },
  nodeTypes: { numberOfNodes: 1 },
};

/** Valid values of input types where the schema alone does not give one. */
const SAMPLES: Record<string, unknown> = {
  EnvironmentVariableInput: { name: 'FUZZ', value: 'x' },
  IngressInput: { port: 8080 },
  MountInput: { path: '/fuzz', volume: { name: 'data' } },
  MountVolumeInput: { name: 'data' },
  HealthCheckInput: { port: 8080, path: '/health' },
  ScalingInput: { manual: { replicas: 1 } },
  AutoScalingInput: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
  ReplicasInput: { minimum: 1, maximum: 2 },
  AutoScalingTriggerInput: { type: 'CPU', threshold: 80 },
  DatabaseInput: { name: 'more' },
  DatabaseUserInput: { name: 'reader', permissions: [] },
  DatabaseUserPermissionInput: { databaseName: 'app', permission: 'READ_ONLY' },
  AuditLogFilterInput: { eventTypes: ['create'], modelNames: ['Container'] },
};

/** Fields a value of the type must have (non-null, without a default). */
const requiredFields = (type: GraphQLInputObjectType) =>
  Object.values(type.getFields()).filter(
    (field) => isNonNullType(field.type) && field.defaultValue === undefined,
  );

/** A valid value of the type: from SAMPLES, or its required fields with plain values. */
export function sampleOf(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleOf(inner.ofType as GraphQLInputType)];
  if (isInputObjectType(inner)) {
    if (inner.name in SAMPLES) return structuredClone(SAMPLES[inner.name]);
    return Object.fromEntries(requiredFields(inner).map((field) => [field.name, sampleOf(field.type)]));
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  const plain: Record<string, unknown> = { Int: 1, Float: 1, Boolean: false };
  return plain[inner.name] ?? 'fuzz';
}

/** The required fields of an input object's sample (anything else as its sample). */
export function requiredOf(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  const sample = sampleOf(type);
  if (!isInputObjectType(inner)) return sample;
  const values = sample as Record<string, unknown>;
  return Object.fromEntries(requiredFields(inner).map((field) => [field.name, values[field.name]]));
}

export function baseOf(field: GraphQLField<unknown, unknown>): Record<string, unknown> {
  const known = BASES[field.name];
  if (known) return structuredClone(known);
  const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  return Object.fromEntries(required.map((arg) => [arg.name, sampleOf(arg.type)]));
}
