import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes it from the zod schemas) the fuzzer reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  example?: unknown;
}

/**
 * Known-good values the valid requests draw from now and then, by property or parameter name: a
 * PNR and its token, a search hash, route ids that exist… Random values alone would almost never
 * name a booking or a search that exists, and the fuzzer would not get past the look-ups.
 */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

/** Longest string a valid value gets where the schema allows more: keeps a run fast. */
const LONGEST_VALID_STRING = 80;
/** Most array items a valid value gets where the schema allows more. */
const MOST_VALID_ITEMS = 3;

export class SchemaArbitraries {
  constructor(
    private readonly components: Readonly<Record<string, JsonSchema>>,
    private readonly hints: Hints,
  ) {}

  /** Follows `$ref` (and a lone `allOf`) to the schema itself. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let depth = 0; depth < 20; depth += 1) {
      if (current.$ref) {
        const name = current.$ref.replace('#/components/schemas/', '');
        const target = this.components[name];
        if (!target) throw new Error(`unknown schema ${current.$ref}`);
        current = target;
      } else if (current.allOf?.length === 1 && current.allOf[0]) {
        current = current.allOf[0];
      } else {
        return current;
      }
    }
    throw new Error('schema references loop');
  }

  /** Values the schema accepts, a hint for `name` one time in three when there is one. */
  valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    const generated = this.#generated(this.resolve(schema));
    const hinted = name === undefined ? undefined : this.hints[name];
    if (!hinted || hinted.length === 0) return generated;
    return fc.oneof(
      { arbitrary: generated, weight: 1 },
      { arbitrary: fc.constantFrom(...hinted), weight: 2 },
    );
  }

  #generated(schema: JsonSchema): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches && branches.length > 0) {
      return fc.oneof(...branches.map((branch) => this.valid(branch)));
    }
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) {
      return fc.oneof(...types.map((type) => this.#generated({ ...schema, type })));
    }
    switch (types[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return integerIn(schema);
      case 'number':
        return integerIn(schema);
      case 'string':
        return stringOf(schema);
      case 'array':
        return fc.array(this.valid(schema.items ?? {}), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? MOST_VALID_ITEMS, (schema.minItems ?? 0) + 3),
        });
      case 'object':
        return this.#object(schema);
      case undefined:
      default:
        return schema.properties ? this.#object(schema) : fc.jsonValue({ maxDepth: 2 });
    }
  }

  #object(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of Object.entries(properties)) {
      record[key] = this.valid(property, key);
    }
    return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in record) });
  }
}

function integerIn(schema: JsonSchema): fc.Arbitrary<number> {
  const low =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
  const high =
    schema.exclusiveMaximum !== undefined
      ? schema.exclusiveMaximum - 1
      : (schema.maximum ?? low + 100_000);
  // Small values are the likely ones (ids, counts); the whole range now and then.
  return fc.oneof(
    fc.integer({ min: Math.max(low, -1000), max: Math.max(Math.min(high, low + 1000), low) }),
    fc.integer({ min: Math.max(low, -2_147_483_648), max: Math.min(high, 2_147_483_647) }),
  );
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 64, LONGEST_VALID_STRING));
  const fits = (value: string) =>
    value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl({ withQueryParameters: true }).filter(fits);
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case undefined:
    default:
      return fc.string({ minLength, maxLength });
  }
}
