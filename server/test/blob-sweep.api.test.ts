import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin';
import { createBlobSweepService, ORPHAN_MIN_AGE_MS } from '../src/services/blob-sweep.service';
import { createRepositories } from '../src/store/repositories';
import { fixture } from './media-test-content';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { postUpload } from './upload-helpers';

const HOUR = 60 * 60 * 1000;

async function keys(t: TestApp): Promise<string[]> {
  const all: string[] = [];
  for (const prefix of ['content/', 'derived/', 'profile-pictures/', 'tus/']) {
    for await (const key of t.blobs.list(prefix)) all.push(key);
  }
  return all.sort();
}

describe.each(databaseKinds)('orphan blob sweep on %s', (kind) => {
  let t: TestApp;
  let userId: string;
  let kept: string[];
  const orphans = {
    content: `content/ab/${randomUUID()}`,
    derived: `derived/${'f'.repeat(64)}/thumb-256.webp`,
    profile: '',
    tus: `tus/${'0'.repeat(32)}/0000000000000000-000000000000`,
  };

  beforeEach(async () => {
    t = await createTestApp(kind);
    const user = await t.signUp();
    userId = user.userId;
    const upload = await postUpload(t, user.auth, 'camera/photo.jpg', fixture('photo-exif.jpg'));
    expect(upload.statusCode).toBe(201);
    // The embedded size writes its thumbnails in the background; every blob counted must exist first.
    if (kind === 'sqlite') await t.app.mediaProcessing.onIdle();
    // A rendering of the uploaded content (the scaled-out size makes them in a separate worker).
    const { checksum } = upload.json<{ checksum: string }>();
    await t.blobs.put(`derived/${checksum}/poster.jpg`, Buffer.from('rendering of live content'));

    const current = `profile-pictures/${userId}/current.jpg`;
    await t.blobs.put(current, Buffer.from('current picture'));
    await t.store.db
      .updateTable('users')
      .set({ profile_picture_key: current })
      .where('id', '=', userId)
      .execute();
    // A resumable upload under way: its first part is live.
    const created = await t.app.inject({
      method: 'POST',
      url: '/st/4/tus',
      headers: {
        authorization: user.auth,
        'tus-resumable': '1.0.0',
        'upload-length': '20',
        'upload-metadata': `path ${Buffer.from('notes.bin').toString('base64')},mtime ${Buffer.from('1').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const part = await t.app.inject({
      method: 'PATCH',
      url: new URL(created.headers.location as string, 'http://localhost').pathname,
      headers: {
        authorization: user.auth,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('first half'),
    });
    expect(part.statusCode).toBe(204);

    kept = await keys(t);
    expect(kept.filter((key) => key.startsWith('tus/'))).toHaveLength(1);
    // The upload's bytes, its rendering(s), and the current profile picture.
    expect(kept.filter((key) => key.startsWith('content/'))).toHaveLength(1);
    expect(kept.filter((key) => key.startsWith('derived/')).length).toBeGreaterThanOrEqual(1);
    expect(kept).toContain(current);

    orphans.profile = `profile-pictures/${userId}/replaced.jpg`;
    await t.blobs.put(orphans.content, Buffer.from('bytes of an upload that never committed'));
    await t.blobs.put(orphans.derived, Buffer.from('thumbnail of purged content'));
    await t.blobs.put(orphans.profile, Buffer.from('replaced picture'));
    await t.blobs.put(orphans.tus, Buffer.from('part of an upload whose row is gone'));
  });
  afterEach(() => t.close());

  it('deletes only blobs no row points to, once they are old enough', async () => {
    const now = Date.now();
    const young = await createBlobSweepService({
      repos: createRepositories(t.store),
      blobs: t.blobs,
      clock: () => now,
    }).sweep();
    expect(young.deleted).toEqual([]);
    expect(young.checked).toBe(kept.length + 4);

    const later = now + ORPHAN_MIN_AGE_MS + HOUR;
    const sweeper = createBlobSweepService({
      repos: createRepositories(t.store),
      blobs: t.blobs,
      clock: () => later,
    });
    const { deleted } = await sweeper.sweep();
    expect(deleted.sort()).toEqual([orphans.content, orphans.derived, orphans.profile, orphans.tus].sort());
    expect(await keys(t)).toEqual(kept);

    const again = await sweeper.sweep();
    expect(again.deleted).toEqual([]);
  });

  it('runs from the admin CLI against the same data', async () => {
    const env: Record<string, string> = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' };
    if (t.config.database.kind === 'postgres') env.DATABASE_URL = t.config.database.url;
    const lines: string[] = [];
    expect(await runAdmin(['blobs:sweep'], env, (line: string) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe(`checked ${kept.length + 4} blobs, deleted 0`);

    lines.length = 0;
    expect(await runAdmin(['blobs:sweep', '--hours', '0'], env, (line: string) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe(`checked ${kept.length + 4} blobs, deleted 4`);
    expect(await keys(t)).toEqual(kept);

    await expect(runAdmin(['blobs:sweep', '--hours', 'soon'], env, () => undefined)).rejects.toThrow(
      '--hours must be a number of hours',
    );
  });
});
