import fs from 'node:fs';
import type { RigState } from './rig';

/** The running rig, as cluster/run.ts left it for the tests. */
export function rigState(): RigState {
  const file = process.env.NORDLYS_CLUSTER_STATE;
  if (!file) throw new Error('run the cluster tests with `npm run test:cluster`');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RigState;
}
