import { describe, expect, it } from 'vitest';
import { downloadAll } from './download-all';

function io(count: number) {
  const ids = Array.from({ length: count }, (_, i) => `f${i}`);
  const links: number[][] = [];
  const downloads: [string, number][] = [];
  return {
    links,
    downloads,
    io: {
      fetchPage: async (offset: number, limit: number) => ({ ids: ids.slice(offset, offset + limit) }),
      link: async (page: string[], part: number) => {
        links.push([page.length, part]);
        return { url: `/zip/${part}` };
      },
      download: (url: string, part: number) => void downloads.push([url, part]),
      pause: async () => undefined,
    },
  };
}

describe('download all', () => {
  it('makes one archive per 500 files, numbered from 1', async () => {
    const run = io(1200);
    expect(await downloadAll(run.io)).toBe(3);
    expect(run.links).toEqual([
      [500, 1],
      [500, 2],
      [200, 3],
    ]);
    expect(run.downloads).toEqual([
      ['/zip/1', 1],
      ['/zip/2', 2],
      ['/zip/3', 3],
    ]);
  });

  it('asks for nothing on an empty trash and stops after an exact last page', async () => {
    expect(await downloadAll(io(0).io)).toBe(0);
    const exact = io(500);
    expect(await downloadAll(exact.io)).toBe(1);
  });
});
