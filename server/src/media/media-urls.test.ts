import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMediaUrls, hmacSha256, type SignedPurpose } from './media-urls';

const DAY = 24 * 60 * 60 * 1000;
const sha = 'a'.repeat(64);
const otherSha = 'b'.repeat(64);

function query(url: string) {
  const parsed = new URL(url, 'http://x');
  return {
    path: parsed.pathname,
    exp: Number(parsed.searchParams.get('exp')),
    sig: parsed.searchParams.get('sig') ?? undefined,
    params: parsed.searchParams,
  };
}

describe('hmacSha256', () => {
  it('is HMAC-SHA256 for short ASCII keys and for the keys it hands to createHmac', () => {
    const message = 'file\njob\nfile-1\nüñí\n1780000000';
    for (const secret of ['', 'k', generatedLike(), 'x'.repeat(64), 'y'.repeat(65), 'clé-ünï']) {
      const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(message).digest('base64url');
      const mac = hmacSha256(secret);
      expect(mac(message), secret).toBe(expected);
      expect(mac(message), secret).toBe(expected);
    }
  });
});

function generatedLike() {
  return Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37) % 256)).toString('base64url');
}

describe('media URLs', () => {
  const now = Date.UTC(2026, 0, 10, 13, 45);
  const urls = createMediaUrls({ secret: 'test-secret', clock: () => now });

  it("grants a job's files: one signature per job and expiry, that verifies for no other job", () => {
    const { path, exp, sig, params } = query(urls.thumbUrl('file-1', 256, { jobId: 'job-1' }));
    expect(path).toBe('/th/3/file-1');
    expect(params.get('area')).toBe('256');
    const purpose: SignedPurpose = { kind: 'job', jobId: 'job-1' };
    expect(urls.verify(purpose, exp, sig)).toBe(true);
    expect(query(urls.thumbUrl('file-2', 256, { jobId: 'job-1' })).sig).toBe(sig);
    expect(sig).toBe(urls.jobSignature('job-1', exp));
    expect(urls.verify({ kind: 'job', jobId: 'job-2' }, exp, sig)).toBe(false);
    expect(urls.verify({ kind: 'trash', jobId: 'job-1', fileId: 'file-1', contentSha: sha }, exp, sig)).toBe(
      false,
    );
    expect(urls.verify(purpose, exp + 1, sig)).toBe(false);
    expect(urls.verify(purpose, exp, undefined)).toBe(false);
    expect(urls.verify(purpose, undefined, sig)).toBe(false);
    expect(urls.verify(purpose, exp, `${sig}x`)).toBe(false);
    expect(urls.jobSignature('job-2', exp)).not.toBe(sig);
  });

  it('gives every URL of a file the job grant, and the trash a signature per file and content', () => {
    const thumb = query(urls.thumbUrl('file-1', 1280, { jobId: 'job-1' }));
    const preview = query(urls.previewUrl('file-1', { jobId: 'job-1' }));
    const video = query(urls.videoUrl('file-1', { jobId: 'job-1' }));
    expect(preview.sig).toBe(thumb.sig);
    expect(video.sig).toBe(thumb.sig);
    const all = urls.fileUrls({ fileId: 'file-1', jobId: 'job-1', mediaKind: 'movie' });
    for (const url of [
      all.thumbURLSmall,
      all.thumbURLTile,
      all.thumbURLLarge,
      all.previewURL,
      all.videoURL,
    ]) {
      expect(query(url as string).sig).toBe(thumb.sig);
    }
    const trash = query(urls.trashThumbUrl('job-1', 'file-1', sha, 256));
    expect(trash.path).toBe('/th/3/trash/job-1/file-1');
    expect(trash.sig).not.toBe(thumb.sig);
    const trashPurpose: SignedPurpose = { kind: 'trash', jobId: 'job-1', fileId: 'file-1', contentSha: sha };
    expect(urls.verify(trashPurpose, trash.exp, trash.sig)).toBe(true);
    expect(urls.verify({ kind: 'job', jobId: 'job-1' }, trash.exp, trash.sig)).toBe(false);
    expect(urls.verify({ ...trashPurpose, jobId: 'job-2' }, trash.exp, trash.sig)).toBe(false);
    expect(urls.verify({ ...trashPurpose, fileId: 'file-2' }, trash.exp, trash.sig)).toBe(false);
    expect(urls.verify({ ...trashPurpose, contentSha: otherSha }, trash.exp, trash.sig)).toBe(false);
  });

  it('keeps minting the right grant for many jobs', () => {
    const many = createMediaUrls({ secret: 'test-secret', clock: () => now });
    const first = many.previewUrl('f', { jobId: 'j-0' });
    for (let i = 0; i < 3000; i += 1) many.previewUrl('f', { jobId: `j-${i}` });
    expect(many.previewUrl('f', { jobId: 'j-0' })).toBe(first);
    const { exp, sig } = query(many.previewUrl('f', { jobId: 'j-2999' }));
    expect(many.verify({ kind: 'job', jobId: 'j-2999' }, exp, sig)).toBe(true);
    expect(many.verify({ kind: 'job', jobId: 'j-0' }, exp, sig)).toBe(false);
  });

  it('expires 7 to 8 days out, on a day boundary, so one day mints one URL', () => {
    const { exp } = query(urls.thumbUrl('f', 1280, { jobId: 'j' }));
    expect((exp * 1000) % DAY).toBe(0);
    expect(exp * 1000 - now).toBeGreaterThanOrEqual(7 * DAY);
    expect(exp * 1000 - now).toBeLessThan(8 * DAY);
    const later = createMediaUrls({ secret: 'test-secret', clock: () => now + 5 * 60 * 60 * 1000 });
    expect(later.thumbUrl('f', 1280, { jobId: 'j' })).toBe(urls.thumbUrl('f', 1280, { jobId: 'j' }));
  });

  it('refuses an expired signature', () => {
    const { exp, sig } = query(urls.thumbUrl('f', 256, { jobId: 'j' }));
    const afterExpiry = createMediaUrls({ secret: 'test-secret', clock: () => exp * 1000 + 1 });
    expect(afterExpiry.verify({ kind: 'job', jobId: 'j' }, exp, sig)).toBe(false);
  });

  it('refuses signatures made with another secret', () => {
    const { exp, sig } = query(urls.thumbUrl('f', 256, { jobId: 'j' }));
    const other = createMediaUrls({ secret: 'other', clock: () => now });
    expect(other.verify({ kind: 'job', jobId: 'j' }, exp, sig)).toBe(false);
  });

  it('gives a FileRecord its URLs by kind, absolute under PUBLIC_URL', () => {
    const absolute = createMediaUrls({ secret: 's', publicUrl: 'https://photos.example/', clock: () => now });
    const movie = absolute.fileUrls({ fileId: 'f', jobId: 'j', mediaKind: 'movie' });
    expect(movie.thumbURLSmall).toMatch(/^https:\/\/photos\.example\/th\/3\/f\?area=256&exp=\d+&sig=/);
    expect(movie.thumbURLLarge).toContain('area=1280');
    expect(movie.thumbURLTile).toBe(absolute.thumbUrl('f', 512, { jobId: 'j' }));
    expect(movie.previewURL).toMatch(/^https:\/\/photos\.example\/st\/4\/jobs\/j\/files_by_id\/f\/preview\?/);
    expect(movie.videoURL).toMatch(/\/st\/4\/jobs\/j\/files_by_id\/f\/video\?/);
    const picture = urls.fileUrls({ fileId: 'f', jobId: 'j', mediaKind: 'picture' });
    expect(picture.videoURL).toBeNull();
    expect(picture.thumbURLSmall?.startsWith('/th/3/f?')).toBe(true);
    const doc = urls.fileUrls({ fileId: 'f', jobId: 'j', mediaKind: 'document' });
    expect(doc).toMatchObject({
      thumbURLSmall: null,
      thumbURLTile: null,
      thumbURLLarge: null,
      videoURL: null,
    });
  });

  it('appends to_jpeg outside the signature', () => {
    const plain = query(urls.previewUrl('f', { jobId: 'j' }));
    const jpeg = query(urls.previewUrl('f', { jobId: 'j', toJpeg: true }));
    expect(jpeg.params.get('to_jpeg')).toBe('1');
    expect(jpeg.sig).toBe(plain.sig);
  });
});
