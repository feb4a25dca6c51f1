import { ALLOWLIST_MAX, allowlistEntryProblem } from '@berth/rules';
import { badInput } from '../../errors.ts';
import type { AllowListInput } from '../../generated/resolvers-types.ts';
import { isAbsent, refuseRepeats } from '../workloads/patch.ts';

/**
 * An allowlist after a patch keyed by entry (API.md `AllowListInput`): PRESENT adds, ABSENT removes. Entries
 * are IPv4/IPv6 addresses or CIDRs, each once, at most ALLOWLIST_MAX; `field` names the list in refusals.
 */
export function patchAllowList(
  field: string,
  current: readonly string[],
  items: readonly AllowListInput[],
): string[] {
  const entries = items.map((item) => ({ ...item, ip: item.ip.trim() }));
  refuseRepeats(field, entries, (item) => item.ip);
  const list = new Set(current);
  for (const item of entries) {
    if (isAbsent(item)) {
      list.delete(item.ip);
      continue;
    }
    const problem = allowlistEntryProblem(item.ip);
    if (problem === 'not-an-address') {
      throw badInput(
        field,
        `${field}: ${item.ip} is not an IP address or CIDR range, such as 203.0.113.0/24`,
      );
    }
    if (problem === 'bad-prefix') {
      throw badInput(field, `${field}: the prefix length of ${item.ip} is beyond its address family`);
    }
    list.add(item.ip);
  }
  if (list.size > ALLOWLIST_MAX) throw badInput(field, `${field} holds at most ${ALLOWLIST_MAX} entries`);
  return [...list];
}
