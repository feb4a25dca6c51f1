import {
  allowlistEntryProblem as problemOfAllowlistEntry,
  domainNameProblem,
  HOSTNAME_MAX,
  IMAGE_NAME_MAX,
  imageReferenceProblem as problemOfImage,
  isIpv4,
  type ImageReferenceProblem,
} from '@berth/rules';

// Rules for the network-shaped inputs of the platform (API.md, issue 5): image references, host names,
// IP addresses and ranges. Each returns the problem as a sentence for the customer, or null. Image
// references and domain names are checked by @berth/rules, as the server checks them.

/** Entries separated by commas, spaces or line breaks. */
export function parseList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** A whole number written with digits only, else null. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

const imageMessages: Record<ImageReferenceProblem, string> = {
  empty: 'Enter an image, such as nginx:1.27',
  'has-space': 'Leave out spaces',
  'too-long': `Use at most ${IMAGE_NAME_MAX} characters for the image name`,
  uppercase: 'Image names are lowercase',
  'bad-format': 'Enter an image as [registry[:port]/]path[:tag][@sha256:digest], such as nginx:1.27',
};

export function imageReferenceProblem(image: string): string | null {
  const problem = problemOfImage(image);
  return problem ? imageMessages[problem] : null;
}

/** A port number written as the platform takes it (digits, no leading zero, 1-65535), else null. */
export function parsePort(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[1-9][0-9]{0,4}$/.test(trimmed)) return null;
  const port = Number(trimmed);
  return port <= 65535 ? port : null;
}

/** A domain name for a web address, in lowercase (the form folds it first). */
export function hostnameProblem(hostname: string): string | null {
  const problem = domainNameProblem(hostname);
  if (problem === 'too-long') return `Use at most ${HOSTNAME_MAX} characters`;
  return problem ? `${hostname} is not a domain name, such as shop.example.com` : null;
}

/** An IPv4 or IPv6 address, or a CIDR range of either. */
export function allowlistEntryProblem(entry: string): string | null {
  switch (problemOfAllowlistEntry(entry)) {
    case undefined:
      return null;
    case 'not-an-address':
      return `${entry} is not an IP address or CIDR range, such as 203.0.113.0/24`;
    case 'bad-prefix':
      return `${entry}: the prefix length must be 0 to ${isIpv4(entry.split('/')[0] ?? '') ? 32 : 128}`;
  }
}
