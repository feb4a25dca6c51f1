// The server's layers, as lint rules: http → graphql → modules → stores → db; SQL only in stores; runtime
// drivers never reach into a module. `root` is the server's source folder (a fixture's in the rules' own
// test, apps/server/test/repository/lint-boundaries.test.ts), relative to the working directory.

/** Files that may write SQL: stores, and the database layer itself. */
const SQL_HOMES = (root) => [`${root}/**/store.ts`, `${root}/db/**`];

export function serverBoundaries(root) {
  return [
    {
      files: [`${root}/**/*.ts`],
      ignores: SQL_HOMES(root),
      rules: {
        // Type-only imports of the tables' JSON column types are no SQL.
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['drizzle-orm', 'drizzle-orm/*'],
                message: 'SQL lives in stores (**/store.ts): call the store.',
              },
              {
                group: ['**/db/schema.ts', '**/db/schema/*'],
                allowTypeImports: true,
                message: 'Tables are read and written by stores (**/store.ts): call the store.',
              },
            ],
          },
        ],
      },
    },
    {
      files: [`${root}/**/*.ts`],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              {
                target: `${root}/db`,
                from: [`${root}/http`, `${root}/graphql`, `${root}/modules`, `${root}/provisioning`],
                message: 'db/ is the bottom layer: it imports no module, API or driver.',
              },
              {
                target: `${root}/**/store.ts`,
                from: [
                  `${root}/http/**`,
                  `${root}/graphql/**`,
                  `${root}/provisioning/**`,
                  `${root}/modules/*/service.ts`,
                  `${root}/modules/*/resolvers.ts`,
                ],
                message: 'A store reads and writes its tables; it calls no service, API or driver.',
              },
              {
                // A module's REST routes and the GraphQL endpoints' plugin are the edge's own adapters.
                target: [`${root}/modules/**/!(routes).ts`, `${root}/graphql/!(plugin).ts`],
                from: `${root}/http`,
                message: 'The HTTP edge composes the APIs and modules; only routes import it.',
              },
              {
                target: `${root}/modules/**/!(resolvers|loaders).ts`,
                from: `${root}/graphql`,
                message:
                  'Only resolvers and loaders belong to the GraphQL layer; the rest of a module does not import it.',
              },
              {
                target: `${root}/modules/*/resolvers.ts`,
                from: [`${root}/db/**`, `${root}/modules/*/store.ts`],
                message: 'Resolvers never touch SQL: call the service.',
              },
              {
                target: `${root}/provisioning`,
                from: `${root}/modules`,
                message:
                  'Drivers know the runtime port (provisioning/), not the modules: report through the port.',
              },
            ],
          },
        ],
      },
    },
  ];
}
