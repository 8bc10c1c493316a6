import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, startRig } from './rig';

/**
 * `npm run test:cluster`: the scaled-out profile on this machine (see rig.ts), then, through its
 * balancer, the browser journeys named here and the cluster's API tests while both API processes
 * run, then the failover tests, which kill one of them with SIGKILL mid-run.
 */
const JOURNEYS = (process.env.CLUSTER_JOURNEYS ?? 'upload,comments,sharing,trash')
  .split(',')
  .filter(Boolean)
  .map((name) => `journeys/${name}.test.ts`);

/** Runs vitest on `files` in a child process; this one's event loop stays free, for s3rver runs in it. */
function vitest(files: string[], env: Record<string, string>): Promise<number> {
  const entry = path.join(repoRoot, 'node_modules/vitest/vitest.mjs');
  const child = spawn(process.execPath, [entry, 'run', '--config', 'cluster/vitest.config.ts', ...files], {
    cwd: path.join(repoRoot, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function main() {
  const started = Date.now();
  const rig = await startRig();
  console.log(
    `cluster rig: ${rig.api.map((p) => `${p.name} ${p.baseUrl}`).join(', ')}, balancer ${rig.baseUrl}`,
  );
  const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nordlys-cluster-state-')), 'state.json');
  const { stop, ...state } = rig;
  fs.writeFileSync(stateFile, JSON.stringify(state));
  const env = {
    NORDLYS_CLUSTER_STATE: stateFile,
    NORDLYS_E2E_BASE_URL: rig.baseUrl,
    NORDLYS_E2E_DATA_DIR: rig.dataDir,
    NORDLYS_E2E_SERVER_ENV: JSON.stringify(rig.env),
  };
  let status = 1;
  // A run stopped from outside (CI's timeout, Ctrl-C) still takes the rig down.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(1));
    });
  }
  try {
    status = await vitest([...JOURNEYS, 'cluster/cluster-api.test.ts'], env);
    if (status === 0) status = await vitest(['cluster/cluster-failover.test.ts'], env);
  } finally {
    if (status !== 0) {
      const balancer = fs.readFileSync(rig.balancerLog, 'utf8').split('\n');
      console.error(`--- last lines of HAProxy's log ---\n${balancer.slice(-20).join('\n')}`);
      for (const process of [...rig.api, rig.worker]) {
        const log = fs.readFileSync(process.log, 'utf8').split('\n');
        console.error(`--- last lines of ${process.name}'s log ---\n${log.slice(-40).join('\n')}`);
      }
    }
    await stop();
    fs.rmSync(path.dirname(stateFile), { recursive: true, force: true });
  }
  console.log(
    `cluster run ${status === 0 ? 'passed' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exit(status);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
