import { describe, expect, it } from 'vitest';
import { RUN_JOB } from '../support/container-jobs.ts';
import { expectGraphQLError } from '../support/http.ts';
import { subscribe } from '../support/sse.ts';
import {
  CONTAINER_LOGS,
  CONTAINER_LOG_TAIL,
  JOB_RUN_LOGS,
  JOB_RUN_LOG_TAIL,
  NAMESPACE,
  WEB,
  useLogsWorld,
} from './setup.ts';

const { world, tailEndpoint } = useLogsWorld();

describe('isolation', () => {
  it("answers NOT_FOUND for another customer's container, replica, job and run, and for unknown ones", async () => {
    const run = (await world.alice.data(RUN_JOB, { name: 'broken', namespace: NAMESPACE })).containerJobRun;
    const runSource = { namespace: NAMESPACE, job: 'broken', run: run.name };
    expect(
      (await world.aliceLogs.data(JOB_RUN_LOGS, { source: runSource })).jobRunLogs.length,
    ).toBeGreaterThan(0);

    expectGraphQLError(await world.bobLogs.gql(CONTAINER_LOGS, { source: WEB }), 'NOT_FOUND');
    expectGraphQLError(
      await world.bobLogs.gql(CONTAINER_LOGS, { source: { ...WEB, replica: world.replica.name } }),
      'NOT_FOUND',
    );
    expectGraphQLError(await world.bobLogs.gql(JOB_RUN_LOGS, { source: runSource }), 'NOT_FOUND');
    expectGraphQLError(
      await world.bobLogs.gql(JOB_RUN_LOGS, { source: { ...runSource, job: 'missing' } }),
      'NOT_FOUND',
    );
    // Alice's own, misnamed.
    expectGraphQLError(
      await world.aliceLogs.gql(CONTAINER_LOGS, { source: { ...WEB, replica: `${world.replica.name}0` } }),
      'NOT_FOUND',
    );
    expectGraphQLError(
      await world.aliceLogs.gql(JOB_RUN_LOGS, { source: { ...runSource, run: 'broken-manual-zzzzz' } }),
      'NOT_FOUND',
    );

    const token = await world.bob.token();
    for (const tail of [
      await subscribe(tailEndpoint(), token, CONTAINER_LOG_TAIL, {
        source: { ...WEB, replica: world.replica.name },
      }),
      await subscribe(tailEndpoint(), token, JOB_RUN_LOG_TAIL, { source: runSource }),
    ]) {
      const result = await tail.next();
      expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(result.data ?? null).toBeNull();
      await tail.close();
    }
  });
});
