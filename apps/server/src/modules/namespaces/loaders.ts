import { notFound } from '../../errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';

/** The namespace a resource of this request belongs to, loaded with its siblings in one statement. */
export async function namespaceOf(context: GraphQLContext, namespaceId: number) {
  const namespace = await context.loaders.namespace(namespaceId);
  if (!namespace) throw notFound(`Namespace ${namespaceId}`);
  return namespace;
}
