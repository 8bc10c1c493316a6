import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    thumbURLLarge: '/th/large',
    ...overrides,
  }) as TimelineFile;

function renderTile(tile: TimelineFile) {
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
