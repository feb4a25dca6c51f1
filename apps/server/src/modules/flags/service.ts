import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { badInput } from '../../errors.ts';
import { createFlagStore, FLAG_NAME, type FlagRow } from './store.ts';

// The embedded flags service: what the Unleash frontend API answers (only the flags enabled for the context's
// user, each with the "disabled" variant Unleash gives a flag without variants) and the operators' switches.

export interface FrontendToggle {
  name: string;
  enabled: true;
  variant: { name: 'disabled'; enabled: false; feature_enabled: true };
  impressionData: false;
}

const isOnFor = (flag: FlagRow, userId: string | undefined) =>
  flag.enabled && (flag.userIds.length === 0 || (userId !== undefined && flag.userIds.includes(userId)));

export function createFlagService(deps: { db: Db }) {
  const store = createFlagStore(deps.db);

  function checkedName(name: string) {
    if (!FLAG_NAME.test(name))
      throw badInput('name', `${name} is not a flag name (letters, digits, ".", "_", "~", "-"; at most 100)`);
    return name;
  }

  return {
    list: () => store.list(),

    /** The toggles the frontend API answers for this user, with an ETag that changes when they do. */
    async togglesFor(userId: string | undefined): Promise<{ toggles: FrontendToggle[]; etag: string }> {
      const toggles = (await store.list())
        .filter((flag) => isOnFor(flag, userId))
        .map((flag) => ({
          name: flag.name,
          enabled: true as const,
          variant: { name: 'disabled' as const, enabled: false as const, feature_enabled: true as const },
          impressionData: false as const,
        }));
      const etag = `"${createHash('sha256').update(JSON.stringify(toggles)).digest('base64url').slice(0, 27)}"`;
      return { toggles, etag };
    },

    /** On for everyone, or for one more user (a flag on for everyone stays so). */
    async enable(name: string, userId?: string) {
      const flag = await store.find(checkedName(name));
      if (userId === undefined) return store.save(name, { enabled: true, userIds: [] });
      const everyone = flag?.enabled && flag.userIds.length === 0;
      if (everyone) return;
      const userIds = flag?.enabled ? flag.userIds : [];
      await store.save(name, { enabled: true, userIds: [...new Set([...userIds, userId])] });
    },

    /** Off for everyone, or for one user of those it is on for. */
    async disable(name: string, userId?: string) {
      const flag = await store.find(checkedName(name));
      if (userId === undefined || !flag) return store.save(name, { enabled: false, userIds: [] });
      if (flag.enabled && flag.userIds.length === 0)
        throw badInput(
          'user',
          `${name} is on for everyone: disable it for everyone, or enable it for chosen users first`,
        );
      const userIds = flag.userIds.filter((id) => id !== userId);
      await store.save(name, { enabled: userIds.length > 0, userIds });
    },
  };
}

export type FlagService = ReturnType<typeof createFlagService>;
