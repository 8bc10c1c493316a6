import { describe, expect, it } from 'vitest';
import { isDrawableImage, LocalPreviews } from './local-previews';

function fakeUrls() {
  const live = new Set<string>();
  let n = 0;
  return {
    live,
    create: () => {
      n += 1;
      const url = `blob:preview-${n}`;
      live.add(url);
      return url;
    },
    revoke: (url: string) => void live.delete(url),
  };
}

const picture = (type = 'image/png') => new Blob([new Uint8Array([1, 2, 3])], { type });

describe('local previews of this tab uploads', () => {
  it('keeps pictures the browser can draw under their server id, nothing else', () => {
    const urls = fakeUrls();
    const previews = new LocalPreviews(urls);
    previews.remember('png', picture('image/png'));
    previews.remember('heic', picture('image/heic'));
    previews.remember('movie', picture('video/mp4'));
    expect(previews.urlFor('png')).toMatch(/^blob:/);
    expect(previews.urlFor('heic')).toBeNull();
    expect(previews.urlFor('movie')).toBeNull();
    expect(previews.urlFor('never-uploaded')).toBeNull();
    expect(isDrawableImage('IMAGE/JPEG')).toBe(true);
  });

  it('makes one URL per file and releases the oldest past the limit', () => {
    const urls = fakeUrls();
    const previews = new LocalPreviews(urls, 2);
    previews.remember('a', picture());
    const first = previews.urlFor('a');
    previews.remember('a', picture());
    expect(previews.urlFor('a')).toBe(first);
    previews.remember('b', picture());
    previews.remember('c', picture());
    expect(previews.urlFor('a')).toBeNull();
    expect(urls.live.has(first as string)).toBe(false);
    expect(urls.live.size).toBe(2);
    previews.clear();
    expect(urls.live.size).toBe(0);
    expect(previews.urlFor('c')).toBeNull();
  });
});
