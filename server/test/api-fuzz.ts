import { AjvCompiler } from '@fastify/ajv-compiler';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { defaultParams } from './authorization-matrix.requests';
import { fillPath, type JsonSchema, type Operation } from './openapi-operations';
import { asText, fuzzedArbitrary, validArbitrary, wildValue } from './schema-arbitraries';
import type { Actor, World } from './security-world';
import { storedDigest } from './stored-state';

/**
 * Fuzzing every documented route from its own schemas (path parameters, query, body), as callers
 * of each kind. Each call must answer below 500, with a body that matches the schema it declares
 * for its status, and a refused call (4xx) must leave everything stored as it was.
 */

export interface FuzzFinding {
  route: string;
  seed: number;
  message: string;
}

const ACTORS: Actor[] = ['owner', 'participant', 'stranger', 'albumGuest', 'anonymous', 'garbage'];

interface FuzzInput {
  actor: Actor;
  params: Record<string, string>;
  query: Record<string, string>;
  body: { kind: 'json'; value: unknown } | { kind: 'text'; text: string; type: string } | { kind: 'none' };
}

/** A held long poll would wait its whole hold: the fuzz asks for none, or for garbage. */
const queryArbitrary = (name: string, schema: JsonSchema): fc.Arbitrary<string> =>
  name === 'hold_ms'
    ? fc.constantFrom('0', '1', '-1', 'x', '1e9')
    : fc.oneof(
        { weight: 4, arbitrary: validArbitrary(schema).map(asText) },
        { weight: 1, arbitrary: wildValue.map(asText) },
      );

function inputArbitrary(w: World, op: Operation): fc.Arbitrary<FuzzInput> {
  const known = defaultParams(w, op);
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.pathParams) {
    params[p.name] = fc.oneof(
      { weight: 4, arbitrary: fc.constant(known[p.name] ?? '') },
      { weight: 1, arbitrary: validArbitrary(p.schema).map(asText) },
      { weight: 1, arbitrary: wildValue.map(asText).filter((value) => value.length > 0) },
    );
  }
  const query: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.query) query[p.name] = queryArbitrary(p.name, p.schema);
  query.undeclared = wildValue.map(asText);
  const body: fc.Arbitrary<FuzzInput['body']> = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: fuzzedArbitrary(op.body).map((value) => ({ kind: 'json' as const, value })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{"', '[', 'null', '"x"', '{"a":1}'.repeat(3)).map((text) => ({
            kind: 'text' as const,
            text,
            type: 'application/json',
          })),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      )
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 1, arbitrary: wildValue.map((value) => ({ kind: 'json' as const, value })) },
      );
  return fc.record({
    actor: fc.constantFrom(...ACTORS),
    params: fc.record(params),
    query: fc.record(query, { requiredKeys: op.query.filter((p) => p.required).map((p) => p.name) }),
    body,
  });
}

/** Validators of each documented response, by status ('200', '4XX'...). */
function responseValidators(op: Operation) {
  const build = AjvCompiler()({}, { customOptions: { coerceTypes: false, strict: false } });
  const validators = new Map<string, ((value: unknown) => boolean) & { errors?: unknown }>();
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = response.content?.['application/json']?.schema;
    if (!schema) continue;
    validators.set(
      status.toUpperCase(),
      build({ schema, method: op.method, url: op.path, httpPart: 'body' } as never),
    );
  }
  return (status: number) => validators.get(String(status)) ?? validators.get(`${String(status)[0]}XX`);
}

async function toInjection(
  w: World,
  op: Operation,
  input: FuzzInput,
  ownerAuth: string,
): Promise<InjectOptions> {
  const headers: Record<string, string> = { ...(await w.headersOf(input.actor)) };
  if (input.actor === 'owner') headers.authorization = ownerAuth;
  let payload: string | undefined;
  if (input.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body.value) ?? 'null';
  } else if (input.body.kind === 'text') {
    headers['content-type'] = input.body.type;
    payload = input.body.text;
  }
  const params = { ...input.params };
  for (const [name, value] of Object.entries(params)) if (value === '') params[name] = '-';
  const search = new URLSearchParams(input.query).toString();
  return {
    method: op.method as 'GET',
    url: `${fillPath(op.path, params)}${search ? `?${search}` : ''}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

export interface FuzzOptions {
  seed: number;
  runsPerRoute: number;
  /** Only these routes (FUZZ_ROUTE), to reproduce one finding. */
  only?: string;
  /** Waits for the background work a successful call starts (media tasks, data copies). */
  settle(): Promise<void>;
}

/** Fuzzes every operation in turn; returns what it found (empty when every call held). */
export interface FuzzTally {
  calls: number;
  /** By status class: '2xx', '4xx'. */
  byClass: Record<string, number>;
  /** Answers checked against the schema their route declares for their status. */
  checkedAgainstSchema: number;
}

export async function fuzzOperations(
  w: World,
  operations: Operation[],
  options: FuzzOptions,
): Promise<{ findings: FuzzFinding[]; tally: FuzzTally }> {
  const findings: FuzzFinding[] = [];
  const tally: FuzzTally = { calls: 0, byClass: {}, checkedAgainstSchema: 0 };
  // Calls that spend the caller's session or account come last, so the others meet a live world.
  const spending = (op: Operation) =>
    op.method === 'DELETE' || /logout|request_account_deletion|empty_trash_can/.test(op.path) ? 1 : 0;
  const ordered = [...operations].sort((a, b) => spending(a) - spending(b));
  await options.settle();
  let digest = await storedDigest(w.t);
  for (const [index, op] of ordered.entries()) {
    if (options.only && op.key !== options.only) continue;
    const seed = options.seed + index;
    const began = Date.now();
    if (process.env.FUZZ_TRACE) console.log(`fuzz ${op.key}`);
    const validatorFor = responseValidators(op);
    // The owner's calls carry a session of their own, which a logout in the fuzz may spend.
    const ownerAuth = `Basic ${Buffer.from(`nordlys:${await w.freshToken(w.users.owner)}`).toString('base64')}`;
    digest = await storedDigest(w.t);
    const property = fc.asyncProperty(inputArbitrary(w, op), async (input) => {
      const res = await w.t.app.inject(await toInjection(w, op, input, ownerAuth));
      const where = `${op.key} as ${input.actor}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      tally.calls += 1;
      const statusClass = `${String(res.statusCode)[0]}xx`;
      tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
      if (res.statusCode >= 500) throw new Error(`server error: ${where}`);
      const validate = validatorFor(res.statusCode);
      if (validate && res.headers['content-type']?.toString().startsWith('application/json')) {
        const body = res.body ? JSON.parse(res.body) : null;
        tally.checkedAgainstSchema += 1;
        if (!validate(body)) {
          throw new Error(`answer does not match its schema: ${where} ${JSON.stringify(validate.errors)}`);
        }
      }
      if (res.statusCode >= 400) {
        const after = await storedDigest(w.t);
        if (after !== digest) {
          digest = after;
          throw new Error(`refused call changed what is stored: ${where}`);
        }
      } else {
        await options.settle();
        digest = await storedDigest(w.t);
      }
    });
    const result = await fc.check(property, {
      seed,
      numRuns: options.runsPerRoute,
      endOnFailure: !process.env.FUZZ_SHRINK,
    });
    if (result.failed) {
      const cause =
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      findings.push({
        route: op.key,
        seed: options.seed,
        message: `${cause.slice(0, 1500)}\ncounterexample: ${fc.stringify(result.counterexample).slice(0, 1500)}`,
      });
      await options.settle();
      digest = await storedDigest(w.t);
    }
    if (process.env.FUZZ_TRACE) console.log(`  ${Date.now() - began} ms`);
  }
  return { findings, tally };
}
