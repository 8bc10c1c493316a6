import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document: values the schema accepts,
 * and the same with mutations mixed in (wrong types, huge and odd strings, extreme numbers,
 * missing and extra fields), which a route must refuse with a 4xx, never a 5xx.
 */

const HUGE = 200_000;

/** A value of any wrong kind. */
export const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '%00',
    '%',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '\u202e\ud83d\ude00\u0301',
    'x'.repeat(HUGE),
    '1e400',
    'NaN',
    '-0',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.integer(),
  fc.constantFrom(-1, 0, 0.5, -1e308, 1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

/** Values `schema` accepts (sizes kept small: huge ones come from the mutations). */
export function validArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validArbitrary(choice, depth + 1)));
  switch (typeOf(schema)) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of properties) record[name] = validArbitrary(property, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in record) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return depth > 4
        ? fc.constant([])
        : fc.array(validArbitrary(schema.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 64, 64));
      if (schema.pattern) {
        // Stretched or cut to the length bounds (a filter could wait forever for a long enough match);
        // right for the character-class patterns the API uses, harmless noise otherwise.
        const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
        return fc.stringMatching(new RegExp(schema.pattern)).map((value) => {
          const long =
            value.length > 0 && value.length < minLength
              ? value.repeat(Math.ceil(minLength / value.length))
              : value;
          return long.slice(0, max);
        });
      }
      return fc.string({ minLength, maxLength, unit: 'grapheme' });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e12,
        max: schema.maximum ?? 1e12,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly valid values, with a mutation in one place now and then: the field itself, a missing or an extra field. */
export function fuzzedArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (typeOf(schema) === 'object' && schema.properties && depth < 4) {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      record[name] = fuzzedArbitrary(property, depth + 1);
    }
    const base = fc.record(record, {
      requiredKeys: (schema.required ?? []).filter((name) => name in record),
    });
    return fc.oneof(
      { weight: 6, arbitrary: base },
      // A required field left out.
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom(...(schema.required?.length ? schema.required : ['-'])))
          .map(([value, name]) => {
            const copy = { ...(value as Record<string, unknown>) };
            delete copy[name];
            return copy;
          }),
      },
      // A field nobody declared.
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'owner_id'), wildValue)
          .map(([value, name, extra]) => ({ ...(value as object), [name]: extra })),
      },
      { weight: 1, arbitrary: wildValue },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: validArbitrary(schema, depth) },
    { weight: 1, arbitrary: wildValue },
  );
}

/** A query or path value as text: the value in a form a URL carries. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
