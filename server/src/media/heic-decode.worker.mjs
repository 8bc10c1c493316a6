// Decodes HEIC off the main thread: libheif is WebAssembly and runs synchronously, so a 12 MP
// photo would otherwise stall every request the server is answering. Plain JavaScript so it
// loads the same under tsx, vitest and a compiled build.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

// heic-decode is heic-convert's own decoder, resolved from heic-convert's location so it is the
// exact version heic-convert was installed with.
const require = createRequire(import.meta.url);
const decode = createRequire(require.resolve('heic-convert'))('heic-decode');

parentPort.on('message', async ({ id, bytes }) => {
  try {
    const image = await decode({ buffer: new Uint8Array(bytes) });
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    parentPort.postMessage({ id, width: image.width, height: image.height, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
