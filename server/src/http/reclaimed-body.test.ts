import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReclaimedBody, reclaimedBody } from './reclaimed-body';

/** One request to a real server; `handle` reads its body, and the reply ends the test's wait. */
async function serve(body: Buffer, handle: (request: IncomingMessage) => Promise<void>) {
  const server = http.createServer((request, response) => {
    handle(request).then(
      () => response.end('ok'),
      (error: Error) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const reply = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: new Uint8Array(body) });
  return { status: reply.status, text: await reply.text() };
}

const servers: http.Server[] = [];

/** Chunks as a consumer sees them: through follow(), which starts noting once the reading began. */
async function* chunksOf(request: IncomingMessage, body: ReclaimedBody): AsyncGenerator<Buffer> {
  const piped = request.pipe(new PassThrough());
  yield* body.follow(piped as AsyncIterable<Buffer>);
}

describe('reclaimedBody', () => {
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  it("frees the socket's chunks once released, after their bytes were taken", async () => {
    const sent = randomBytes(8 * 1024 * 1024 + 5);
    const kept: Buffer[] = [];
    let freed = 0;
    let chunks = 0;
    const reply = await serve(sent, async (request) => {
      const body = reclaimedBody(request);
      expect(body).toBeDefined();
      try {
        for await (const chunk of chunksOf(request, body as ReclaimedBody)) {
          chunks += 1;
          kept.push(Buffer.from(chunk));
          body?.release(chunk);
          if (chunk.byteLength === 0) freed += 1;
        }
      } finally {
        body?.stop();
      }
    });
    expect(reply.status).toBe(200);
    expect(Buffer.concat(kept).equals(sent)).toBe(true);
    // All but the chunks that arrived before the first was read (not noted yet) are freed.
    expect(freed).toBeGreaterThan(chunks / 2);
  });

  it('leaves alone part of a chunk, bytes from elsewhere, and a chunk released twice', async () => {
    const sent = randomBytes(2 * 1024 * 1024);
    const outcomes: string[] = [];
    const reply = await serve(sent, async (request) => {
      const body = reclaimedBody(request) as ReclaimedBody;
      let first = true;
      for await (const chunk of chunksOf(request, body)) {
        if (first) {
          first = false;
          continue;
        }
        const other = Buffer.from(chunk);
        body.release(other);
        const half = chunk.subarray(0, chunk.length >> 1);
        body.release(half);
        outcomes.push(`${other.length === chunk.length} ${half.length === chunk.length >> 1}`);
        body.release(chunk);
        body.release(chunk);
        outcomes.push(`${chunk.length}`);
      }
      body.stop();
    });
    expect(reply.status).toBe(200);
    expect(outcomes.length).toBeGreaterThan(2);
    expect(outcomes.filter((_, i) => i % 2 === 0)).toEqual(Array(outcomes.length / 2).fill('true true'));
    expect(outcomes.filter((_, i) => i % 2 === 1)).toContain('0');
  });

  it('notes nothing for a request that did not come from a socket (an injected one)', () => {
    const injected = Object.assign(Readable.from([Buffer.from('x')]), { socket: {} });
    expect(reclaimedBody(injected as unknown as IncomingMessage)).toBeUndefined();
  });

  it('notes nothing once stopped', async () => {
    const sent = randomBytes(4 * 1024 * 1024);
    let freed = 0;
    const reply = await serve(sent, async (request) => {
      const body = reclaimedBody(request) as ReclaimedBody;
      let seen = 0;
      for await (const chunk of chunksOf(request, body)) {
        seen += 1;
        if (seen === 1) body.stop();
        body.release(chunk);
        if (chunk.byteLength === 0) freed += 1;
      }
    });
    expect(reply.status).toBe(200);
    // Chunks already noted when it stopped may still be freed: a handful at most.
    expect(freed).toBeLessThan(4);
  });
});
