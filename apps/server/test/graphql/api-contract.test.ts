import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  Kind,
  parse,
  print,
  type DefinitionNode,
  type GraphQLArgument,
  type GraphQLInputField,
} from 'graphql';
import { describe, expect, it } from 'vitest';

// The public API's contract (../shared/API.md): every type, field, argument, input field, enum value and
// union member its GraphQL blocks name is in platform.graphql, with the same type and the same default.
// Existing clients validate their operations against exactly these names. API.md abbreviates the container
// sizes' enum with `...`, and says in words where the second version adds `externalConnection` and `advisor`:
// those are checked one by one below.

const apiMd = readFileSync(path.resolve(import.meta.dirname, '../../../../../shared/API.md'), 'utf8');
const require = createRequire(import.meta.url);
const schema = buildSchema(readFileSync(require.resolve('@berth/schema/platform.graphql'), 'utf8'));

const contract: DefinitionNode[] = [...apiMd.matchAll(/```graphql\n([\s\S]*?)```/g)].flatMap((match) => {
  const written = (match[1] ?? '')
    .split('\n')
    .filter((line) => !line.includes('...'))
    .join('\n');
  return [...parse(written).definitions];
});

/** A default as printed GraphQL (`null`, `true`, `PRESENT`, `[]`), or undefined when there is none. */
function ourDefault(value: GraphQLArgument | GraphQLInputField): string | undefined {
  const node = value.astNode?.defaultValue;
  return node ? print(node) : undefined;
}

/** Every difference between API.md's definition and ours, as sentences (none when ours keeps the contract). */
function differences(definition: DefinitionNode): string[] {
  if (!('name' in definition) || !definition.name) return [];
  const name = definition.name.value;
  const ours = schema.getType(name);
  if (!ours) return [`type ${name} is missing`];
  const problems: string[] = [];
  switch (definition.kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.OBJECT_TYPE_EXTENSION:
    case Kind.INTERFACE_TYPE_DEFINITION: {
      if (!isObjectType(ours) && !isInterfaceType(ours))
        return [`${name} is not an object or interface type`];
      const fields = ours.getFields();
      for (const implemented of definition.interfaces ?? []) {
        if (!ours.getInterfaces().some((face) => face.name === implemented.name.value)) {
          problems.push(`${name} does not implement ${implemented.name.value}`);
        }
      }
      for (const field of definition.fields ?? []) {
        const our = fields[field.name.value];
        const where = `${name}.${field.name.value}`;
        if (!our) {
          problems.push(`${where} is missing`);
          continue;
        }
        if (String(our.type) !== print(field.type))
          problems.push(`${where} is ${String(our.type)}, not ${print(field.type)}`);
        for (const argument of field.arguments ?? []) {
          const ourArgument = our.args.find((candidate) => candidate.name === argument.name.value);
          const at = `${where}(${argument.name.value})`;
          if (!ourArgument) problems.push(`${at} is missing`);
          else if (String(ourArgument.type) !== print(argument.type))
            problems.push(`${at} is ${String(ourArgument.type)}, not ${print(argument.type)}`);
          else if (argument.defaultValue && ourDefault(ourArgument) !== print(argument.defaultValue))
            problems.push(
              `${at} defaults to ${ourDefault(ourArgument)}, not ${print(argument.defaultValue)}`,
            );
        }
      }
      return problems;
    }
    case Kind.INPUT_OBJECT_TYPE_DEFINITION: {
      if (!isInputObjectType(ours)) return [`${name} is not an input type`];
      const fields = ours.getFields();
      for (const field of definition.fields ?? []) {
        const our = fields[field.name.value];
        const where = `${name}.${field.name.value}`;
        if (!our) problems.push(`${where} is missing`);
        else if (String(our.type) !== print(field.type))
          problems.push(`${where} is ${String(our.type)}, not ${print(field.type)}`);
        else if (field.defaultValue && ourDefault(our) !== print(field.defaultValue))
          problems.push(`${where} defaults to ${ourDefault(our)}, not ${print(field.defaultValue)}`);
      }
      return problems;
    }
    case Kind.ENUM_TYPE_DEFINITION: {
      if (!isEnumType(ours)) return [`${name} is not an enum`];
      return (definition.values ?? [])
        .filter((value) => !ours.getValue(value.name.value))
        .map((value) => `${name}.${value.name.value} is missing`);
    }
    case Kind.UNION_TYPE_DEFINITION: {
      if (!isUnionType(ours)) return [`${name} is not a union`];
      return (definition.types ?? [])
        .filter((member) => !ours.getTypes().some((type) => type.name === member.name.value))
        .map((member) => `${name} does not hold ${member.name.value}`);
    }
    default:
      return [];
  }
}

describe("the platform API's contract (API.md)", () => {
  it('finds the GraphQL blocks it checks', () => {
    const names = contract.flatMap((definition) =>
      'name' in definition && definition.name ? [definition.name.value] : [],
    );
    expect(names).toEqual(
      expect.arrayContaining(['Query', 'Mutation', 'Container', 'MessageQueue', 'ExternalConnection']),
    );
  });

  it('is kept by platform.graphql: every name, type and default', () => {
    expect(contract.flatMap(differences)).toEqual([]);
  });

  it('has the fields API.md adds in words: external connections, the advisor and the IP address price', () => {
    const fieldType = (type: string, field: string) => {
      const named = schema.getType(type);
      if (isObjectType(named) || isInputObjectType(named)) {
        const found = named.getFields()[field];
        return (
          found && { type: String(found.type), default: 'args' in found ? undefined : ourDefault(found) }
        );
      }
      return undefined;
    };
    for (const type of ['Container', 'CloudDatabaseCluster', 'MessageQueue']) {
      expect(fieldType(type, 'externalConnection'), type).toEqual({
        type: 'ExternalConnection',
        default: undefined,
      });
    }
    for (const type of [
      'ContainerCreateInput',
      'CloudDatabaseClusterCreateInput',
      'MessageQueueCreateInput',
    ]) {
      expect(fieldType(type, 'externalConnection'), type).toEqual({
        type: 'ExternalConnectionInput',
        default: 'null',
      });
    }
    for (const type of [
      'ContainerModifyInput',
      'CloudDatabaseClusterModifyInput',
      'MessageQueueModifyInput',
    ]) {
      expect(fieldType(type, 'externalConnection'), type).toEqual({
        type: 'ExternalConnectionInput',
        default: undefined,
      });
    }
    expect(fieldType('CloudDatabaseClusterCreateInput', 'advisor')).toEqual({
      type: 'CloudDatabaseAdvisorInput',
      default: 'null',
    });
    expect(fieldType('CloudDatabaseClusterModifyInput', 'advisor')).toEqual({
      type: 'CloudDatabaseAdvisorInput',
      default: undefined,
    });
    const resourceTypes = schema.getType('PriceBreakdownResourceType');
    expect(isEnumType(resourceTypes) && resourceTypes.getValue('IPADDRESS')).toBeTruthy();
    expect(schema.getType('IpAddressPriceBreakdown')).toBeDefined();
  });
});
