// Image references as the platform accepts them, the grammar of the Docker distribution project:
// [registry[:port]/]path[:tag][@sha256:digest], path components in lowercase.

/** The longest image name: the reference before its tag or digest. */
export const IMAGE_NAME_MAX = 255;

const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*(?::[0-9]+)?)`;
const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const IMAGE_REFERENCE = new RegExp(
  `^(?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$`,
);
const PATH_COMPONENT_ONLY = new RegExp(`^${PATH_COMPONENT}$`);

/**
 * What is wrong with an image reference: `empty` (nothing but white space), `has-space`, `too-long` (the
 * name before the tag), `uppercase` (the last path component has capitals, the likeliest slip) or
 * `bad-format` (anything else the grammar refuses).
 */
export type ImageReferenceProblem = 'empty' | 'has-space' | 'too-long' | 'uppercase' | 'bad-format';

export function imageReferenceProblem(image: string): ImageReferenceProblem | undefined {
  if (image.trim() === '') return 'empty';
  if (/\s/.test(image)) return 'has-space';
  const name = image.split(/[:@]/, 1)[0] ?? image;
  if (name.length > IMAGE_NAME_MAX) return 'too-long';
  if (!IMAGE_REFERENCE.test(image)) {
    return /[A-Z]/.test(name.split('/').at(-1) ?? '') ? 'uppercase' : 'bad-format';
  }
  return undefined;
}

/** One path component of an image reference (`acme` of ghcr.io/acme/shop): what a registry's path holds. */
export function isImagePathComponent(component: string): boolean {
  return PATH_COMPONENT_ONLY.test(component);
}
