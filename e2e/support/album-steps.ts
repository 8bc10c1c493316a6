import type { Album } from '@nordlys/contract/album';
import type { FileRecord } from '@nordlys/contract/file';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

/** Whoever calls the API with a device token (a journey's API user). */
export interface TokenHolder {
  token: string;
}

/** A user who uploads to their timeline and waits for the thumbnails (a journey's API user). */
export interface Uploader extends TokenHolder {
  upload(file: string, mtimeSeconds: number): Promise<FileRecord>;
  waitForUrl(url: string): Promise<void>;
}

/** A call under /st/4 as `user` (anonymous when null); a journey fails on any answer but 2xx. */
export async function callApi<T>(
  baseUrl: string,
  user: TokenHolder | null,
  method: string,
  apiPath: string,
  json?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/st/4${apiPath}`, {
    method,
    headers: {
      ...(user ? { Authorization: `Basic ${Buffer.from(`nordlys:${user.token}`).toString('base64')}` } : {}),
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  expect(response.status, `${method} ${apiPath}: ${text}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A landscape picture: its file name, size and the colours of sky, sea and ridge. */
export type Landscape = readonly [
  name: string,
  width: number,
  height: number,
  sky: string,
  sea: string,
  ridge: string,
];

/** A landscape as a JPEG: sky, sea and a ridge in the given colours, at the given size. */
export async function landscapeJpeg(
  file: string,
  [, width, height, sky, sea, ridge]: Landscape,
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f6e7d2"/></linearGradient>
      <linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sea}"/><stop offset="1" stop-color="#0d2233"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.08}" fill="#fff4d6" opacity="0.9"/>
    <path d="M0 ${height * 0.62} L${width * 0.18} ${height * 0.38} L${width * 0.34} ${height * 0.55} L${width * 0.52} ${height * 0.3} L${width * 0.74} ${height * 0.58} L${width} ${height * 0.44} L${width} ${height} L0 ${height} Z" fill="${ridge}"/>
    <rect y="${height * 0.66}" width="100%" height="${height * 0.34}" fill="url(#w)"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

/**
 * Uploads the landscapes to the user's timeline, taken a day apart (the first newest), and waits
 * until their thumbnails are made.
 */
export async function uploadLandscapes(
  user: Uploader,
  dir: string,
  scenes: readonly Landscape[],
): Promise<FileRecord[]> {
  const now = Math.floor(Date.now() / 1000);
  const files: FileRecord[] = [];
  for (const [index, scene] of scenes.entries()) {
    const file = await landscapeJpeg(`${dir}/${scene[0]}`, scene);
    files.push(await user.upload(file, now - index * 86_400));
  }
  for (const file of files) await user.waitForUrl(file.thumbURLSmall ?? '');
  return files;
}

/** Creates an album and links timeline files into it by checksum, as "add to album" does. */
export async function seedAlbum(
  baseUrl: string,
  owner: TokenHolder,
  name: string,
  files: readonly FileRecord[],
  extra: Record<string, unknown> = {},
): Promise<Album> {
  const album = await callApi<Album>(baseUrl, owner, 'POST', '/jobs', { type: 'story', name, ...extra });
  await linkToAlbum(baseUrl, owner, album.id, files);
  return callApi<Album>(baseUrl, owner, 'GET', `/jobs/${album.id}`);
}

/** Links timeline files into an album by checksum (no bytes sent again); answers the album's records. */
export async function linkToAlbum(
  baseUrl: string,
  owner: TokenHolder,
  albumId: string,
  files: readonly FileRecord[],
): Promise<FileRecord[]> {
  const linked: FileRecord[] = [];
  for (const file of files) {
    const answer = await callApi<{ file: FileRecord }>(
      baseUrl,
      owner,
      'POST',
      `/jobs/${albumId}/files_dedup`,
      {
        path: file.path,
        checksum: file.checksum,
        mtime: file.mtime,
        policy: 'no_duplicates',
      },
    );
    linked.push(answer.file);
  }
  return linked;
}

/** Waits until every picture on the page has decoded (or failed), so screenshots show them. */
export async function decodedPictures(page: Page): Promise<void> {
  for (const image of await page.locator('img').all()) {
    await image.evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
  }
}

/** An album page as shown: its title, then all `count` of its files' pictures decoded. */
export async function albumShown(page: Page, title: string, count: number) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const grid = page.getByRole('list', { name: 'Photos and videos' });
  await grid
    .getByRole('img')
    .nth(count - 1)
    .waitFor();
  for (const image of await grid.getByRole('img').all()) {
    await image.evaluate((img: HTMLImageElement) => img.decode());
  }
  return grid;
}

/** The albums list as shown: the first card's cover decoded. */
export async function albumCardsShown(page: Page, firstTitle: RegExp): Promise<void> {
  await page.getByRole('link', { name: firstTitle }).first().waitFor();
  await page
    .locator('.album-card__image')
    .first()
    .evaluate((img: HTMLImageElement) => img.decode());
}
