import { randomBytes } from 'node:crypto';
import { HOST_LABEL_MAX } from '@berth/rules';
import { badInput } from '../../errors.ts';
import type { ContainerSpec } from './spec.ts';

// Web addresses. An ingress without a domain name gets the container's default address
// `{container}-{namespace}-{suffix}.{APPS_DOMAIN}`, always with TLS (the platform holds a wildcard
// certificate for the apps domain). The suffix is the customer's own (8 random hex characters, unique
// among customers): namespace names are unique per customer only, so without it two customers would want
// the same address, and one would learn the other's names. Other names under the apps domain are the
// platform's to give: a customer cannot take another's address.

const SUFFIX_LENGTH = 8;

export const newAddressSuffix = () => randomBytes(SUFFIX_LENGTH / 2).toString('hex');

/** A DNS label holds 63 characters: long container and namespace names are cut to fit the suffix. */
export function defaultDomain(container: string, namespace: string, suffix: string, appsDomain: string) {
  const name = `${container}-${namespace}`.slice(0, HOST_LABEL_MAX - suffix.length - 1).replace(/-+$/, '');
  return `${name}-${suffix}.${appsDomain}`;
}

/** The spec with default addresses filled in; refuses names under the apps domain that are not its own. */
export function withAddresses(spec: ContainerSpec, suffix: string, appsDomain: string): ContainerSpec {
  const own = defaultDomain(spec.name, spec.namespace, suffix, appsDomain);
  const ingresses = spec.ingresses.map((ingress) => {
    const domainName = ingress.domainName ?? own;
    return { ...ingress, domainName, enableTLS: domainName === own || ingress.enableTLS };
  });
  const taken = ingresses.find(
    ({ domainName }) =>
      domainName !== own && (domainName === appsDomain || domainName.endsWith(`.${appsDomain}`)),
  );
  if (taken) {
    throw badInput(
      'ingresses',
      `ingresses: addresses under ${appsDomain} are given by the platform; leave domainName out to get ${own}`,
    );
  }
  return { ...spec, ingresses };
}

export const ingressUrl = (ingress: { domainName: string; enableTls: boolean }) =>
  `${ingress.enableTls ? 'https' : 'http'}://${ingress.domainName}`;
