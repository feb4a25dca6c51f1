/**
 * Feature flags gate routes (SPEC §2, guard step 4). Until the flags service is wired in, every flag is
 * on, which is also what the service answers for an unknown flag.
 */
export function isFeatureEnabled(_flag: string): boolean {
  return true;
}
