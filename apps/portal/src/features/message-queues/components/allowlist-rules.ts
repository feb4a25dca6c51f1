import { ALLOWLIST_MAX } from '@berth/rules';
import { allowlistEntryProblem, parseList } from '@/lib/validation/network.ts';

// A queue's allowlist as the platform takes it: IPv4 or IPv6 addresses or CIDR ranges, each once, at most
// ALLOWLIST_MAX of them. Checked as typed, so the platform refuses none.

/** The allowlist typed in one field (separated by commas, spaces or line breaks): its first problem, or null. */
export function allowlistTextProblem(text: string): string | null {
  const entries = parseList(text);
  for (const [index, entry] of entries.entries()) {
    const problem = allowlistEntryProblem(entry);
    if (problem) return problem;
    if (entries.indexOf(entry) !== index) return `${entry} is listed twice`;
  }
  return entries.length > ALLOWLIST_MAX ? `List at most ${ALLOWLIST_MAX} addresses or ranges` : null;
}

/** One entry to add to `current`: its problem, or null. */
export function newEntryProblem(entry: string, current: readonly string[]): string | null {
  if (!entry) return 'Enter an IP address or CIDR range, such as 203.0.113.0/24';
  const problem = allowlistEntryProblem(entry);
  if (problem) return problem;
  if (current.includes(entry)) return `${entry} is already allowed`;
  return current.length >= ALLOWLIST_MAX ? `The allowlist holds at most ${ALLOWLIST_MAX} entries` : null;
}
