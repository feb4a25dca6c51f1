import { notFound } from '../../errors.ts';
import { perRequest, type GraphQLContext } from '../../graphql/context.ts';

const makeLoader = ({ services, account }: GraphQLContext) => services.namespaces.loader(account);

/** The namespace a resource of this request belongs to, loaded with its siblings in one statement. */
export async function namespaceOf(context: GraphQLContext, namespaceId: number) {
  const namespace = await perRequest(context, makeLoader)(namespaceId);
  if (!namespace) throw notFound(`Namespace ${namespaceId}`);
  return namespace;
}
