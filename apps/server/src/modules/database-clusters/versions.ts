// The engine versions a cluster can be created with (API.md `Spec`): the major version a customer picks and
// the patch level it runs.
export interface EngineVersion {
  type: 'postgresql' | 'mysql';
  version: string;
  patchLevelVersion: string;
}

export const ENGINE_VERSIONS: readonly EngineVersion[] = [
  { type: 'postgresql', version: '17', patchLevelVersion: '17.6' },
  { type: 'postgresql', version: '16', patchLevelVersion: '16.10' },
  { type: 'postgresql', version: '15', patchLevelVersion: '15.14' },
  { type: 'postgresql', version: '14', patchLevelVersion: '14.19' },
  { type: 'mysql', version: '8.4', patchLevelVersion: '8.4.6' },
  { type: 'mysql', version: '8.0', patchLevelVersion: '8.0.43' },
];
