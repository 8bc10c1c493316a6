import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { basicAuth } from '../../test/test-app';
import { makeTempDir } from '../../test/test-database';
import { buildApp } from '../app';
import { createBlobStore } from '../blobs/create-blob-store';
import { loadConfig } from '../config';
import { openStore } from '../store/database';
import { DEMO_EMAIL, runDemo } from './demo';

describe('npm run demo', () => {
  const dataDir = makeTempDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('fills the demo account through the real API, with thumbnails, and leaves a filled library alone', async () => {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    const lines: string[] = [];
    const first = await runDemo(env, { photos: 4, videos: 1 }, (l: string) => lines.push(l));
    const second = await runDemo(env, { photos: 4, videos: 1 }, (l: string) => lines.push(l));
    expect(second.userId).toBe(first.userId);
    expect(lines.join('\n')).toContain(DEMO_EMAIL);
    expect(lines.join('\n')).toContain('already filled');

    // Read the library back the way the client does, through a server over the same data dir.
    const config = loadConfig(env);
    const store = await openStore(config.database);
    const blobs = await createBlobStore(config.blobs);
    const app = await buildApp({ config, store, blobs, logger: false });
    try {
      const authorization = basicAuth(first.token);
      const stats = await app.inject({ url: '/st/4/jobs/default/stats', headers: { authorization } });
      // 4 photos with 3 moved to the trash, 1 video, 2 documents.
      expect(stats.json()).toMatchObject({ picture_count: 1, video_count: 1, document_count: 2 });
      const list = await app.inject({
        url: `/st/4/jobs/default/files?start=0&end=${Math.ceil(Date.now() / 1000)}&types=Pictures`,
        headers: { authorization },
      });
      const [photo] = list.json().files as { thumbURLSmall: string }[];
      const thumb = await app.inject({
        url:
          new URL(photo!.thumbURLSmall, 'http://x').pathname +
          new URL(photo!.thumbURLSmall, 'http://x').search,
      });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toMatch(/^image\//);
    } finally {
      await app.close();
      await blobs.close();
      await store.close();
    }
  }, 120_000);
});
