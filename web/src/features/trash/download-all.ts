import { DOWNLOAD_MAX_ITEMS } from '@nordlys/contract/archive';

/** What downloading the trash needs: pages of its ids, a signed archive link, the browser's download. */
export interface DownloadAllIo {
  fetchPage(offset: number, limit: number): Promise<{ ids: string[] }>;
  link(ids: string[], part: number): Promise<{ url: string }>;
  download(url: string, part: number): void;
  pause(ms: number): Promise<void>;
}

/** Browsers drop downloads started too close together. */
const BETWEEN_PARTS_MS = 400;

/**
 * Downloads the whole trash in pages (core.md §2 'download all in pages'): one archive per
 * DOWNLOAD_MAX_ITEMS files, numbered from 1, one after another. Answers how many archives began.
 */
export async function downloadAll(io: DownloadAllIo): Promise<number> {
  let part = 0;
  for (let offset = 0; ; offset += DOWNLOAD_MAX_ITEMS) {
    const { ids } = await io.fetchPage(offset, DOWNLOAD_MAX_ITEMS);
    if (ids.length === 0) break;
    part += 1;
    if (part > 1) await io.pause(BETWEEN_PARTS_MS);
    const { url } = await io.link(ids, part);
    io.download(url, part);
    if (ids.length < DOWNLOAD_MAX_ITEMS) break;
  }
  return part;
}
