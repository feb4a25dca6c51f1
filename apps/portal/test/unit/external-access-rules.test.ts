import { describe, expect, it, vi } from 'vitest';
import {
  externalAccessIssues,
  placeConnectionRefusal,
  toExternalConnectionPatch,
} from '../../src/components/external-access/external-access-rules.ts';
import {
  externalAccessValues,
  noExternalAccess,
  type ExternalAccessTarget,
  type ExternalAccessValues,
} from '../../src/components/external-access/external-access-values.ts';
import { ownConnection } from '../support/external-access.ts';

// The rules and inputs of external access (issue 27) beyond what the forms' tests go through: the patch keyed
// as the platform keys ports, the checks of a cluster's or queue's ports, and refusals that name no one port.

const container: ExternalAccessTarget = { kind: 'container', ports: [8080, 5353] };
const cluster: ExternalAccessTarget = { kind: 'service', noun: 'database cluster', port: 5432 };
const initial = externalAccessValues(ownConnection);

const port = (changes: Partial<ExternalAccessValues['ports'][number]>) => ({
  key: null,
  externalPort: '',
  internalPort: '',
  protocol: 'TCP' as const,
  allowlist: '',
  ...changes,
});

describe('the patch of a connection', () => {
  it('is left out when nothing changed, or access stays off', () => {
    expect(toExternalConnectionPatch(initial, initial, container)).toBeUndefined();
    expect(toExternalConnectionPatch(noExternalAccess, noExternalAccess, container)).toBeUndefined();
  });

  it('creates the whole connection when access is turned on', () => {
    expect(
      toExternalConnectionPatch(
        noExternalAccess,
        { enabled: true, sharedIp: true, ports: [port({ internalPort: '5353', protocol: 'UDP' })] },
        container,
      ),
    ).toEqual({
      sharedIp: true,
      ports: [{ externalPort: null, internalPort: 5353, protocol: 'UDP', state: 'PRESENT', allowList: [] }],
    });
  });

  it('knows a port removed and added again with the same external port and protocol as the same port', () => {
    const [https, dns] = initial.ports;
    if (!https || !dns) throw new Error('two ports expected');
    const readded = { ...https, key: null, allowlist: '10.0.0.0/8' };
    expect(toExternalConnectionPatch(initial, { ...initial, ports: [dns, readded] }, container)).toEqual({
      sharedIp: false,
      ports: [
        {
          externalPort: 443,
          internalPort: 8080,
          protocol: 'TCP',
          state: 'PRESENT',
          allowList: [{ ip: '192.0.2.7', state: 'ABSENT' }],
        },
      ],
    });
  });

  it("changes a kept port's internal port, its allowlist untouched", () => {
    const [https, dns] = initial.ports;
    if (!https || !dns) throw new Error('two ports expected');
    expect(
      toExternalConnectionPatch(
        initial,
        { ...initial, ports: [{ ...https, internalPort: '5353' }, dns] },
        container,
      ),
    ).toEqual({
      sharedIp: false,
      ports: [{ externalPort: 443, internalPort: 5353, protocol: 'TCP', state: 'PRESENT', allowList: [] }],
    });
  });

  it("sends a cluster's ports without an internal port: its service port", () => {
    expect(
      toExternalConnectionPatch(
        noExternalAccess,
        { enabled: true, sharedIp: false, ports: [port({ externalPort: '15432' })] },
        cluster,
      ),
    ).toEqual({
      sharedIp: false,
      ports: [{ externalPort: 15432, internalPort: null, protocol: 'TCP', state: 'PRESENT', allowList: [] }],
    });
  });
});

describe('the rules', () => {
  it('want a port at least, and at most ten', () => {
    expect(externalAccessIssues({ enabled: true, sharedIp: true, ports: [] }, cluster)).toEqual([
      { path: ['ports'], message: 'Add a port: access forwards at least one' },
    ]);
    const eleven = Array.from({ length: 11 }, (_, index) => port({ externalPort: String(1000 + index) }));
    expect(externalAccessIssues({ enabled: true, sharedIp: true, ports: eleven }, cluster)).toEqual([
      { path: ['ports'], message: 'Forward at most 10 ports' },
    ]);
  });

  it('take UDP for containers only, and each allowlist entry once', () => {
    const ports = [port({ externalPort: '53', protocol: 'UDP', allowlist: '192.0.2.7, 192.0.2.7' })];
    expect(externalAccessIssues({ enabled: true, sharedIp: true, ports }, cluster)).toEqual([
      { path: ['ports', 0, 'protocol'], message: 'Only containers take UDP: a database cluster takes TCP' },
      { path: ['ports', 0, 'allowlist'], message: '192.0.2.7 is listed twice' },
    ]);
  });
});

describe("the platform's refusals", () => {
  it('go on the section when the port they are about cannot be told', () => {
    const setError = vi.fn();
    const values: ExternalAccessValues = {
      enabled: true,
      sharedIp: true,
      ports: [port({ externalPort: '80' }), port({ externalPort: '81' })],
    };
    placeConnectionRefusal(
      [
        {
          message: 'externalConnection.ports.allowList holds at most 50 entries',
          extensions: { code: 'BAD_USER_INPUT', field: 'externalConnection.ports.allowList' },
        },
        {
          message: 'Port 81/TCP is already taken on 192.0.2.1 and 2001:db8::',
          extensions: { code: 'BAD_USER_INPUT', field: 'externalConnection.ports.externalPort' },
        },
      ],
      values,
      setError,
    );
    expect(setError.mock.calls).toEqual([
      [
        'externalAccess.ports.1.externalPort',
        { type: 'server', message: 'Port 81/TCP is already taken on 192.0.2.1 and 2001:db8::' },
        { shouldFocus: true },
      ],
      [
        'externalAccess.ports.root',
        { type: 'server', message: 'externalConnection.ports.allowList holds at most 50 entries' },
      ],
    ]);
  });
});
