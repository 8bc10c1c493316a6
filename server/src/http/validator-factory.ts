import { AjvCompiler, type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';

const pool = AjvCompiler();

/**
 * Path parameters, query strings and headers arrive as text, so their numbers and booleans are
 * converted; a JSON body arrives typed, and converting it would save `{"name": 5}` as "5" and
 * `["x"]` as "x". Bodies therefore get an Ajv of their own that converts nothing.
 */
export const validatorsByPart: BuildCompilerFromPool = (externalSchemas, options = {}) => {
  const converting = pool(externalSchemas, options);
  const exact = pool(externalSchemas, {
    ...options,
    customOptions: { ...options.customOptions, coerceTypes: false },
  } as typeof options);
  // Fastify hands the compiler the whole route definition, which the package's types leave out.
  const compile = (route: RouteDefinition) =>
    (route.httpPart === 'body' ? exact : converting)(route as never);
  return compile as unknown as ReturnType<BuildCompilerFromPool>;
};
