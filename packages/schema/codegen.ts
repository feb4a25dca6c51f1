import type { CodegenConfig } from '@graphql-codegen/cli';

/** The client preset over one client's sources: a typed `graphql()` for the documents written in them. */
function typedDocuments(sources: string, output: string) {
  return {
    documents: [`${sources}/**/*.{ts,tsx}`, `!${output}/**`],
    preset: 'client' as const,
    config: {
      documentMode: 'string',
      useTypeImports: true,
      enumsAsTypes: true,
      scalars: { DateTime: 'string', NamespaceId: 'number' },
    },
    presetConfig: { fragmentMasking: false },
  };
}

const config: CodegenConfig = {
  overwrite: true,
  schema: 'packages/schema/platform.graphql',
  ignoreNoDocuments: true,
  generates: {
    'apps/server/src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../graphql/context.ts#GraphQLContext',
        useTypeImports: true,
        enumsAsTypes: true,
        mappers: {
          Namespace: '../modules/namespaces/store.ts#NamespaceRow',
          Account: '../modules/accounts/store.ts#AccountWithCustomer',
          Customer: '../modules/accounts/store.ts#CustomerRow',
          AuditLog: '../modules/audit/store.ts#AuditRow',
          PrivateRegistry: '../modules/registries/store.ts#RegistryRow',
          Volume: '../modules/volumes/store.ts#VolumeRow',
          Container: '../modules/containers/store.ts#ContainerRow',
          EnvironmentVariable: '../modules/containers/store.ts#EnvironmentVariableRow',
          Ingress: '../modules/containers/store.ts#IngressRow',
          Mount: '../modules/containers/store.ts#MountRow',
          Replica: '../modules/containers/store.ts#ReplicaRow',
          ContainerJob: '../modules/container-jobs/store.ts#ContainerJobRow',
          ContainerJobRun: '../modules/container-jobs/store.ts#RunRow',
        },
        scalars: { DateTime: 'Date', NamespaceId: 'number' },
      },
    },
    'apps/portal/src/gql/': typedDocuments('apps/portal/src', 'apps/portal/src/gql'),
    // The server's integration tests send typed documents too: results and variables from the schema.
    'apps/server/test/generated/': typedDocuments('apps/server/test', 'apps/server/test/generated'),
  },
};

export default config;
