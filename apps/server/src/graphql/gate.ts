import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { authorize, MUTATIONS } from '../modules/accounts/authorize.ts';
import type { GraphQLContext } from './context.ts';

/**
 * Puts the access policy in front of every mutation of the schema: each asks `authorize` with its entry of
 * MUTATIONS before its resolver runs. A mutation without an entry stops the server from starting, so a new
 * one cannot go out unguarded.
 */
export function gateMutations<Schema extends GraphQLSchema>(schema: Schema): Schema {
  const fields = schema.getMutationType()?.getFields() ?? {};
  for (const [name, field] of Object.entries(fields)) {
    const operation = MUTATIONS[name];
    if (!operation) {
      throw new Error(`Mutation ${name} has no entry in the access policy (modules/accounts/authorize.ts)`);
    }
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, context: GraphQLContext, info) => {
      authorize(context.account, operation);
      return resolve(source, args, context, info);
    };
  }
  return schema;
}
