import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_ATTEMPTS, imageRetryDelay } from '../../ui/image-retry';
import { LocalPreviewContext } from '../../ui/local-preview.context';
import type { TileLoading } from './tile-loading';
import { type TileTexts, TimelineTile } from './timeline-tile.component';

const texts: TileTexts = {
  alt: (name, date) => `${name}, ${date}`,
  video: (name, date, duration) => `${name}, ${date}, video ${duration}`,
  failed: 'Something went wrong',
  select: (name) => `Select ${name}`,
  deselect: (name) => `Deselect ${name}`,
};

const file = (overrides: Partial<TimelineFile>): TimelineFile =>
  ({
    fileID: 'f1',
    jobID: 'default',
    fileName: 'beach.jpg',
    timestamp: 1_690_000_000,
    duration: 0,
    file_type: 'Pictures',
    thumbURLSmall: '/th/small',
    thumbURLTile: '/th/tile',
    thumbURLLarge: '/th/large',
    ...overrides,
  }) as TimelineFile;

function renderTile(tile: TimelineFile, loading?: TileLoading, local: string | null = null) {
  render(
    <LocalPreviewContext value={(id) => (id === tile.fileID ? local : null)}>
      <TimelineTile
        file={tile}
        top={0}
        left={0}
        size={180}
        selection="NotSelected"
        selecting={false}
        formatDate={() => '22 July 2023'}
        texts={texts}
        onCommand={() => undefined}
        loading={loading}
      />
    </LocalPreviewContext>,
  );
}

describe('timeline tile names', () => {
  it('names a picture by its file and date', () => {
    renderTile(file({}));
    expect(screen.getByRole('button', { name: 'beach.jpg, 22 July 2023' })).toBeTruthy();
  });

  it('names a video with the duration its badge shows', () => {
    renderTile(file({ fileName: 'clip.mp4', file_type: 'Movies', duration: 63 }));
    const open = screen.getByRole('button', { name: 'clip.mp4, 22 July 2023, video 1:03' });
    expect(open.textContent).toContain('1:03');
  });
});

describe('timeline tile image', () => {
  afterEach(() => vi.unstubAllGlobals());
  const image = () => screen.getByRole('img', { name: 'beach.jpg, 22 July 2023' });

  it('asks for the smallest thumbnail that covers the cell at the screen density', () => {
    renderTile(file({}));
    expect(image().getAttribute('src')).toBe('/th/small');
  });

  it('asks for the tile on a density-2 screen', () => {
    vi.stubGlobal('devicePixelRatio', 2);
    renderTile(file({}));
    expect(image().getAttribute('src')).toBe('/th/tile');
  });

  it('loads lazily unless told otherwise, and keeps its alt text', () => {
    renderTile(file({}));
    expect(image().getAttribute('loading')).toBe('lazy');
    expect(image().getAttribute('fetchpriority')).toBeNull();
  });

  it('loads the top of the page eagerly, the first few at high priority', () => {
    renderTile(file({ fileID: 'a' }), 'high');
    renderTile(file({ fileID: 'b', fileName: 'dune.jpg' }), 'eager');
    expect(image().getAttribute('loading')).toBe('eager');
    expect(image().getAttribute('fetchpriority')).toBe('high');
    const second = screen.getByRole('img', { name: 'dune.jpg, 22 July 2023' });
    expect(second.getAttribute('loading')).toBe('eager');
    expect(second.getAttribute('fetchpriority')).toBeNull();
  });
});

describe('a tile whose thumbnail is still being made', () => {
  afterEach(() => vi.useRealTimers());
  const server = () => screen.queryByRole('img', { name: 'beach.jpg, 22 July 2023' });
  const localImage = (container: ParentNode = document) =>
    container.querySelector('img[src="blob:picked"]') as HTMLImageElement | null;
  /** Every try fails, as a thumbnail that answers 503 for good. */
  async function failEveryTry() {
    for (let attempt = 0; attempt < IMAGE_ATTEMPTS; attempt += 1) {
      const img = server();
      if (!img) return;
      fireEvent.error(img);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(imageRetryDelay(attempt));
      });
    }
  }

  it('shows the picked file of an upload from this tab, then the server thumbnail once it loads', () => {
    renderTile(file({}), 'lazy', 'blob:picked');
    expect(localImage()).not.toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    fireEvent.load(server() as HTMLElement);
    expect(localImage()).toBeNull();
    expect(server()?.className).toContain('timeline-tile__img--loaded');
  });

  it('asks again with growing pauses, and a new element each time', async () => {
    vi.useFakeTimers();
    renderTile(file({}));
    const first = server();
    fireEvent.error(first as HTMLElement);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(imageRetryDelay(0) - 1);
    });
    expect(server()).toBe(first);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(server()).not.toBe(first);
    expect(server()?.getAttribute('src')).toBe('/th/small');
  });

  it('keeps the picked file instead of an error when the server never answers', async () => {
    vi.useFakeTimers();
    renderTile(file({}), 'lazy', 'blob:picked');
    await failEveryTry();
    expect(localImage()).not.toBeNull();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('says something went wrong after about a minute when nothing else can be shown', async () => {
    vi.useFakeTimers();
    renderTile(file({}));
    await failEveryTry();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });
});
