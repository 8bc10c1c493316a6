import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';

/**
 * A streamed multipart upload to POST /st/4/jobs/{job}/upload, with the text fields before the
 * file part as the route requires. The body is never held in memory: its length is computed up
 * front and the file bytes are piped from `file`.
 */
export async function uploadMultipart(options: {
  baseUrl: string;
  auth: string;
  job?: string;
  path: string;
  size: number;
  file: Readable;
  mtime?: number;
}): Promise<{ status: number; body: string }> {
  const boundary = `----nordlys-bench-${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileName = options.path.split('/').pop()!;
  const head = Buffer.from(
    field('path', options.path) +
      field('mtime', String(options.mtime ?? Math.floor(Date.now() / 1000))) +
      field('policy', 'keep_both') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`/st/4/jobs/${options.job ?? 'default'}/upload`, options.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: options.auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + options.size + tail.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.write(head);
    options.file.on('error', (error) => request.destroy(error));
    options.file.pipe(request, { end: false });
    options.file.on('end', () => request.end(tail));
  });
}

/**
 * `size` pseudo-random bytes made on the fly: a 1 MiB random block repeated, with each chunk's
 * first bytes set to its index so no two chunks are equal. Cheap enough that the generator is
 * never what a measurement measures, and identical for the upload and the disk baseline.
 */
export function generatedStream(size: number, chunkSize = 1024 * 1024): Readable {
  const block = randomBytes(chunkSize);
  let sent = 0;
  let index = 0;
  return new Readable({
    highWaterMark: chunkSize,
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(chunkSize, size - sent);
      const chunk = Buffer.allocUnsafe(length);
      block.copy(chunk, 0, 0, length);
      if (length >= 8) chunk.writeBigUInt64LE(BigInt(index), 0);
      index += 1;
      sent += length;
      this.push(chunk);
    },
  });
}
