// Plain JavaScript: the thread needs node:crypto only, so it starts without a TypeScript loader.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('sha256-worker runs as a worker thread');

/** One running hash per checksum the owner has begun and not yet finished. */
const hashes = new Map();

port.on('message', (message) => {
  const { id } = message;
  if (message.type === 'update') {
    let hash = hashes.get(id);
    if (!hash) {
      hash = createHash('sha256');
      hashes.set(id, hash);
    }
    hash.update(message.bytes);
    // The batch goes back to the owner, who refills it: no new buffer per megabyte.
    port.postMessage({ type: 'hashed', bytes: message.bytes }, [message.bytes.buffer]);
    return;
  }
  const hash = hashes.get(id) ?? createHash('sha256');
  hashes.delete(id);
  if (message.type === 'digest') port.postMessage({ type: 'digest', id, hex: hash.digest('hex') });
});
