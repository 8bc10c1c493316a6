import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './media-test-content';
import { useS3rver } from './s3rver';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { postUpload } from './upload-helpers';

const BUCKET = 'nordlys-ingest-test';
const s3 = useS3rver(BUCKET);

/** The scaled-out store: bytes in a bucket, so metadata comes from range reads of the stored blob. */
describe.each(databaseKinds)('uploads into S3 on %s', (kind) => {
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        S3_ENDPOINT: await s3.endpoint(),
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: `ingest-${randomUUID().slice(0, 8)}`,
      },
    });
    expect(t.blobs.kind).toBe('s3');
    auth = (await t.signUp()).auth;
  });
  afterAll(async () => t?.close());

  it('stores a JPEG in the bucket with its EXIF facts and size', async () => {
    const bytes = fixture('photo-exif.jpg');
    const res = await postUpload(t, auth, 'Camera/photo-exif.jpg', bytes);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      checksum: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      width: 1600,
      height: 1200,
      timestamp: Date.parse('2023-07-14T18:32:05+02:00') / 1000,
    });
    const meta = await t.app.inject({
      url: `/st/4/jobs/default/metadata/${encodeURIComponent('Camera/photo-exif.jpg')}`,
      headers: { authorization: auth },
    });
    expect(meta.json()).toMatchObject({ deviceModel: 'Camera One', iso: 200 });
  });

  it('reads the duration and size of a movie from the head and tail of the stored blob', async () => {
    const res = await postUpload(t, auth, 'Movies/clip.mp4', fixture('clip.mp4'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ file_type: 'Movies', duration: 3, width: 640, height: 360 });
  });
});
