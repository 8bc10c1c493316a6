import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function renderTile(tile: TimelineFile, loading?: TileLoading) {
  render(
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
    />,
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
