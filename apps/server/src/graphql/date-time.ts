import { GraphQLScalarType } from 'graphql';
import { GraphQLDateTime } from 'graphql-scalars';

/**
 * DateTime arguments arrive as RFC 3339 strings and reach resolvers as Dates (a malformed one is the client's
 * error, named by the scalar). Results go out as before: Dates as their ISO string, stored strings as stored.
 */
export const DateTime = new GraphQLScalarType({
  ...GraphQLDateTime.toConfig(),
  serialize: (value) => value,
});
