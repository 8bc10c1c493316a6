import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ThumbArea } from '@nordlys/contract/media-links';
import { expandTiles, type TimelineTiles } from '@nordlys/contract/timeline-tiles';
import { tileThumbArea, tileThumbUrl } from '../web/src/features/timeline/tile-loading';
import { gridMetrics } from '../web/src/features/timeline/timeline-layout';
import { type BenchRow, fmt } from './support/report';
import { apiFor, uploadSeedPictures } from './support/seed-library';
import { startBenchServer } from './support/server-process';
import { cameraJpegs } from './thumbnails-500.bench';

/**
 * Thumbnail bytes a screenful of the timeline grid downloads at device pixel ratios 1, 2 and 3,
 * with the sizes the grid's own rule picks, against the rule it replaced (the 1280 px thumbnail
 * from DPR 1.5 up). The thumbnails are the server's own, made from real uploads: camera-size
 * JPEGs (BENCH_TILE_PICTURES, default 6) and the fixture photo; a screenful repeats them in turn.
 */

const SCREEN = { width: 1280, height: 800 };
const DPRS = [1, 2, 3];
const fixture = path.resolve(import.meta.dirname, '../fixtures/photo-exif.jpg');

/** What the grid asked for before tiles existed: the large thumbnail once 256 px would be upscaled. */
const oldRule = (cellPx: number, dpr: number): ThumbArea => (cellPx * dpr > 256 ? 1280 : 256);

const kb = (bytes: number) => `${fmt(bytes / 1024, 0)} KB`;

export async function benchTileBytes(): Promise<BenchRow[]> {
  const count = Number(process.env.BENCH_TILE_PICTURES ?? 6);
  const pictures = await Promise.all([...(await cameraJpegs(count)), fixture].map((file) => readFile(file)));
  const server = await startBenchServer();
  try {
    await uploadSeedPictures(server, pictures);
    const listing = await apiFor(server)<TimelineTiles>('/jobs/default/timeline/tiles?types=Pictures');
    const files = expandTiles(listing);

    // Bytes of every size of every picture, as the server sends them (WebP goes as it is).
    const urlOf = (file: (typeof files)[number], area: ThumbArea) =>
      ({ 256: file.thumbURLSmall, 512: file.thumbURLTile, 1280: file.thumbURLLarge })[area];
    const bytesOf = new Map<string, number>();
    for (const file of files) {
      for (const area of [256, 512, 1280] as const) {
        const url = urlOf(file, area);
        if (!url) throw new Error(`${file.fileName} has no ${area} thumbnail URL`);
        const response = await fetch(new URL(url, server.baseUrl));
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        bytesOf.set(url, (await response.arrayBuffer()).byteLength);
      }
    }
    const bytes = (url: string | null) => (url && bytesOf.get(url)) || 0;
    const mean = (area: ThumbArea) =>
      files.reduce((sum, file) => sum + bytes(urlOf(file, area)), 0) / files.length;

    const metrics = gridMetrics(SCREEN.width);
    // Every row that shows at least a sliver is loaded.
    const cells = metrics.columns * Math.ceil(SCREEN.height / metrics.rowHeight);
    const screenful = (pick: (file: (typeof files)[number]) => string | null) => {
      let total = 0;
      for (let i = 0; i < cells; i += 1)
        total += bytes(pick(files[i % files.length] as (typeof files)[number]));
      return total;
    };

    const rows: BenchRow[] = [
      {
        name: `tile bytes: one picture (${count} camera 4000x3000 + fixture), mean of 256 / 512 / 1280 px`,
        figure: `${kb(mean(256))} / ${kb(mean(512))} / ${kb(mean(1280))}`,
        target: '',
        pass: null,
      },
    ];
    const cell = `${cells} cells of ${fmt(metrics.tile, 0)} px`;
    for (const dpr of DPRS) {
      // The URLs the grid's own rule picks.
      const picked = screenful((file) => tileThumbUrl(file, metrics.tile, dpr));
      const before = oldRule(metrics.tile, dpr);
      const old = screenful((file) => urlOf(file, before));
      rows.push({
        name: `tile bytes per ${SCREEN.width}x${SCREEN.height} screenful (${cell}) at DPR ${dpr}: ${tileThumbArea(metrics.tile, dpr)} px (old rule: ${before} px, ${kb(old)})`,
        figure: `${kb(picked)} (${fmt((100 * picked) / old, 0)} %)`,
        target: '',
        pass: null,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}
