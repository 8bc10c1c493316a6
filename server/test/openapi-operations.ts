import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/** A JSON schema as the OpenAPI document carries it (TypeBox output, after @fastify/swagger). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  $ref?: string;
  [key: string]: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

/** One documented route: `key` is `METHOD /path/{param}` as the OpenAPI document spells it. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
  bodyType: string | null;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** The common query parameters every route accepts (http/common-query.ts); no route's own input. */
export const COMMON_QUERY = new Set(['app_key', 'client_v', 'device_id', 'foreign_auth']);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation the app documents, read from its own /st/4/openapi.json. */
export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/st/4/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          responses?: Operation['responses'];
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content;
      const [bodyType, media] = content ? (Object.entries(content)[0] ?? [null, null]) : [null, null];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query' && !COMMON_QUERY.has(p.name)),
        body: media?.schema ?? null,
        bodyType,
        responses: op.responses ?? {},
      });
    }
  }
  return operations;
}

/** The URL of `path` with its `{param}`s (and a `{*}` wildcard) filled in, percent-encoded. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return name === '*' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

const sampleOf = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { seed: 28, numRuns: 1 })[0] as T;

/** The simplest value `schema` accepts: required fields only, the first choice, the smallest sizes. */
export function minimalValue(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.[0]) return minimalValue(choices[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => minimalValue(part)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property) out[name] = minimalValue(property);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(schema.items ?? {}));
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.pattern) return sampleOf(fc.stringMatching(new RegExp(schema.pattern)));
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return Math.max(
        schema.minimum ?? 0,
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0,
      );
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}
