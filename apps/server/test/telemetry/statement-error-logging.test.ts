import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { namespaces } from '../../src/db/schema.ts';
import { loggerOptions } from '../../src/logging.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

// The server's logger (Fastify's pino with loggerOptions) on errors of statements that really failed.

let testDatabase: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir });
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

const SECRET = 'sk-live-7f3a9c2e5b1d';

/** A Fastify app with the server's logger options, writing its lines to an array. */
function loggingApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
  return { app, output: () => lines.join('') };
}

/** The error a statement raises. */
async function failure(statement: Promise<unknown>): Promise<Error> {
  try {
    await statement;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the statement did not fail');
}

describe('errors of failed statements in the log', () => {
  it('keep the statement and what the database said, without the parameter values', async () => {
    // The database quotes the value in its own message: invalid input syntax for type integer: "…".
    const error = await failure(database.db.execute(sql`SELECT ${SECRET}::integer AS n`));
    expect(error.message).toContain(SECRET); // what drizzle raises does carry it
    const { app, output } = loggingApp();
    app.log.error({ err: error }, 'request failed');
    const logged = output();
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain('Failed query: SELECT $1::integer AS n');
    expect(logged).toContain('invalid input syntax for type integer');
    expect(logged).not.toMatch(/"params"/);
  });

  it('redact the values when GraphQL wraps the error, as the API logs a failing resolver', async () => {
    const error = await failure(
      database.db.insert(namespaces).values({
        customerId: 2_147_483_000, // no such customer: a foreign key violation
        name: 'shop',
        description: SECRET,
        internalName: `ns-${SECRET}`,
        state: 'creating',
      }),
    );
    const wrapped = new GraphQLError(error.message, { originalError: error, path: ['namespaceCreate'] });
    const { app, output } = loggingApp();
    app.log.error({ err: wrapped }, 'GraphQL resolver failed');
    const logged = output();
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain('Failed query: insert into \\"namespaces\\"');
    expect(logged).toContain('namespaces_customer_id');
    expect(JSON.parse(logged)).toMatchObject({ err: { path: ['namespaceCreate'] } });
  });

  it('leave other errors as pino logs them', () => {
    const { app, output } = loggingApp();
    app.log.error({ err: new Error('disk full') }, 'provisioning task failed');
    expect(JSON.parse(output())).toMatchObject({
      msg: 'provisioning task failed',
      err: { type: 'Error', message: 'disk full', stack: expect.stringContaining('disk full') as string },
    });
  });
});
