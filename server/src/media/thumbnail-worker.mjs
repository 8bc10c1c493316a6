// The thread's entry: a worker thread gets no TypeScript loader from every host that starts the
// server (a test runner's own workers, for one), so it registers tsx before loading the module.
import { register } from 'tsx/esm/api';

register();
await import('./thumbnail-worker.ts');
