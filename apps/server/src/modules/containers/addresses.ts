import { badInput } from '../../errors.ts';
import type { ContainerSpec } from './spec.ts';

// Web addresses. An ingress without a domain name gets the container's default address
// `{container}-{namespace}.{APPS_DOMAIN}`, always with TLS (the platform holds a wildcard certificate for the
// apps domain). Other names under the apps domain are the platform's to give: a customer cannot take
// another container's default address before it exists.

export const defaultDomain = (container: string, namespace: string, appsDomain: string) =>
  `${container}-${namespace}.${appsDomain}`;

/** The spec with default addresses filled in; refuses names under the apps domain that are not its own. */
export function withAddresses(spec: ContainerSpec, appsDomain: string): ContainerSpec {
  const own = defaultDomain(spec.name, spec.namespace, appsDomain);
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
