import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

/**
 * The examples in deploy/ are held to the server they deploy: they parse, every environment
 * variable they hand a Nordlys process is one the server reads, the processes they start are ones
 * the build makes, and the health paths their probes and balancer ask for are routes.
 */

const repo = path.resolve(import.meta.dirname, '../..');
const deploy = path.join(repo, 'deploy');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

/** Every variable the server's sources read from the environment (config.ts and the few beside it). */
function knownVariables(): Set<string> {
  const names = new Set<string>();
  const sources = readdirSync(path.join(repo, 'server/src'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of sources) {
    const text = read(path.join('server/src', file));
    for (const match of text.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)/g)) names.add(match[1] as string);
    // config.ts's typed readers: int('PORT', ...), url('DATABASE_URL', ...).
    for (const match of text.matchAll(/\b(?:int|url)\('([A-Z][A-Z0-9_]+)'/g)) names.add(match[1] as string);
  }
  return names;
}

type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (value && typeof value === 'object' ? (value as Doc) : {});

function yamlDocs(file: string): Doc[] {
  const docs = parseAllDocuments(readFileSync(path.join(deploy, file), 'utf8'));
  return docs.map((doc) => {
    expect(
      doc.errors.map((e) => e.message),
      `${file} parses`,
    ).toEqual([]);
    return asDoc(doc.toJS({ maxAliasCount: 100 }));
  });
}

const kubernetesFiles = readdirSync(path.join(deploy, 'kubernetes')).filter((f) => f.endsWith('.yaml'));
const kubernetesDocs = kubernetesFiles.flatMap((file) =>
  yamlDocs(`kubernetes/${file}`).map((doc) => ({ file, doc })),
);
const compose = yamlDocs('compose.yaml')[0] as Doc;
const composeServices: (Doc & { name: string })[] = Object.entries(asDoc(compose.services)).map(
  ([name, s]) => ({ ...asDoc(s), name }),
);
/** The services that run Nordlys itself (its image), not PostgreSQL, MinIO or HAProxy. */
const nordlysServices = composeServices.filter((s) => String(s.image ?? '').startsWith('nordlys'));
const podSpecs = kubernetesDocs
  .filter(({ doc }) => doc.kind === 'Deployment')
  .map(({ file, doc }) => ({ file, spec: asDoc(asDoc(asDoc(doc.spec).template).spec) }));
const containers = podSpecs.flatMap(({ file, spec }) =>
  (spec.containers as Doc[]).map((container) => ({ file, container })),
);
/** The compiled entry points server/build.mjs makes (server/dist/<name>.mjs). */
const builtEntries = [...read('server/build.mjs').matchAll(/^\s+([\w-]+|'[\w-]+'): 'src\//gm)].map(
  (m) => `server/dist/${(m[1] as string).replaceAll("'", '')}.mjs`,
);
const healthRoutes = read('server/src/http/health.routes.ts');
/** Debian's HAProxy, when installed (the cluster rig installs it), checks the balancer's config. */
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => existsSync(file));

describe('deploy examples', () => {
  const known = knownVariables();

  it('reads the variables from the server sources, the usual ones among them', () => {
    for (const name of ['DATABASE_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'PORT', 'PUBLIC_URL', 'DATA_DIR']) {
      expect(known).toContain(name);
    }
    expect(known).not.toContain('NOT_A_SETTING');
  });

  it('compose runs PostgreSQL, the API replicas, a worker and a balancer', () => {
    expect(composeServices.map((s) => s.name)).toEqual(
      expect.arrayContaining(['postgres', 'api', 'worker', 'balancer']),
    );
    const api = nordlysServices.find((s) => s.name === 'api');
    expect(asDoc(api?.deploy).replicas).toBeDefined();
    expect(nordlysServices.map((s) => s.name).sort()).toEqual(['api', 'worker']);
  });

  it('hands the Nordlys processes only variables the server reads', () => {
    const named = [
      ...nordlysServices.flatMap((s) => Object.keys(asDoc(s.environment))),
      ...kubernetesDocs
        .filter(({ doc }) => doc.kind === 'ConfigMap' || doc.kind === 'Secret')
        .flatMap(({ doc }) => [...Object.keys(asDoc(doc.data)), ...Object.keys(asDoc(doc.stringData))]),
      ...containers.flatMap(({ container }) =>
        ((container.env as Doc[] | undefined) ?? []).map((entry) => String(entry.name)),
      ),
    ];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });

  it('starts processes the build makes', () => {
    expect(builtEntries).toEqual(expect.arrayContaining(['server/dist/main.mjs', 'server/dist/worker.mjs']));
    const commands = [
      ...nordlysServices.map((s) => s.command as string[]),
      ...containers.map(({ container }) => container.command as string[]),
    ];
    expect(commands.length).toBe(nordlysServices.length + containers.length);
    for (const command of commands) {
      expect(command[0]).toBe('node');
      expect(builtEntries).toContain(command[1]);
    }
    expect(read('deploy/Dockerfile')).toContain('CMD ["node", "server/dist/main.mjs"]');
  });

  it('has an API Deployment with its Service and a worker Deployment, both on the shared config', () => {
    const kinds = kubernetesDocs.map(({ doc }) => `${doc.kind}/${asDoc(doc.metadata).name}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'Deployment/nordlys-api',
        'Service/nordlys-api',
        'Deployment/nordlys-worker',
        'ConfigMap/nordlys-config',
        'Secret/nordlys-secrets',
      ]),
    );
    for (const { container } of containers) {
      const refs = (container.envFrom as Doc[]).map((from) =>
        String(asDoc(from.configMapRef ?? from.secretRef).name),
      );
      expect(refs.sort()).toEqual(['nordlys-config', 'nordlys-secrets']);
    }
  });

  it('probes and balances on the health routes the server has', () => {
    const probed = containers.flatMap(({ container }) =>
      ['startupProbe', 'livenessProbe', 'readinessProbe']
        .map((probe) => asDoc(asDoc(container[probe]).httpGet).path)
        .filter((p): p is string => typeof p === 'string'),
    );
    const balanced = [
      ...readFileSync(path.join(deploy, 'haproxy.cfg'), 'utf8').matchAll(/httpchk GET (\S+)/g),
    ].map((m) => m[1] as string);
    expect(probed.length).toBeGreaterThanOrEqual(3);
    expect(balanced.length).toBe(1);
    for (const route of [...probed, ...balanced]) expect(healthRoutes).toContain(`'${route}'`);
  });

  it.skipIf(!haproxy)('has a balancer configuration HAProxy accepts', () => {
    const out = execFileSync(haproxy as string, ['-c', '-f', path.join(deploy, 'haproxy.cfg')], {
      encoding: 'utf8',
    });
    expect(out).toContain('Configuration file is valid');
  });
});
