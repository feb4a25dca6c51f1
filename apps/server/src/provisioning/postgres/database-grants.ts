import type pg from 'pg';

const WRITER_TABLE_PRIVILEGES = 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES';
const WRITER_SEQUENCE_PRIVILEGES = 'USAGE, SELECT, UPDATE';

/**
 * The privileges inside one database (run connected to it), for its schema `public`:
 * - readers: USAGE on the schema, SELECT on its tables and sequences;
 * - writers: USAGE and CREATE on the schema, DML on its tables and sequences.
 *
 * A table belongs to the role that created it: the admin or one of the writers. Default privileges apply
 * to the objects of the role they are declared FOR, so they are declared for each of these creators (a
 * group's defaults would cover only what is created after SET ROLE to the group): whoever of them creates
 * a table, the readers can read it and the writers write it. The grants ON ALL TABLES cover what exists
 * already (a restore, or tables made before a creator's defaults were set).
 *
 * A role that may no longer create here (a writer made reader or removed from the database, a user being
 * deleted) gives what it owns to the admin and loses its defaults (REASSIGN / DROP OWNED): owning a table
 * would let it go on writing to it.
 */
export async function grantInDatabase(
  client: pg.ClientBase,
  roles: { admin: string; readers: string; writers: string; creators: string[]; formerCreators: string[] },
): Promise<void> {
  const id = (name: string) => client.escapeIdentifier(name);
  const [admin, readers, writers] = [id(roles.admin), id(roles.readers), id(roles.writers)];
  const statements = [
    // PostgreSQL 14 and older let everyone create in `public`.
    'REVOKE CREATE ON SCHEMA public FROM PUBLIC',
    `GRANT USAGE ON SCHEMA public TO ${readers}`,
    `GRANT USAGE, CREATE ON SCHEMA public TO ${writers}`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${readers}`,
    `GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO ${readers}`,
    `GRANT ${WRITER_TABLE_PRIVILEGES} ON ALL TABLES IN SCHEMA public TO ${writers}`,
    `GRANT ${WRITER_SEQUENCE_PRIVILEGES} ON ALL SEQUENCES IN SCHEMA public TO ${writers}`,
    ...roles.creators.flatMap((creator) => {
      const defaults = `ALTER DEFAULT PRIVILEGES FOR ROLE ${id(creator)} IN SCHEMA public GRANT`;
      return [
        `${defaults} SELECT ON TABLES TO ${readers}`,
        `${defaults} SELECT ON SEQUENCES TO ${readers}`,
        `${defaults} ${WRITER_TABLE_PRIVILEGES} ON TABLES TO ${writers}`,
        `${defaults} ${WRITER_SEQUENCE_PRIVILEGES} ON SEQUENCES TO ${writers}`,
      ];
    }),
    ...roles.formerCreators.flatMap((role) => [
      `REASSIGN OWNED BY ${id(role)} TO ${admin}`,
      `DROP OWNED BY ${id(role)}`,
    ]),
  ];
  for (const statement of statements) await client.query(statement);
}
