import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfilePicturePicker } from './profile-picture-picker.component';

const file = (id: string, name: string) => ({
  fileID: id,
  fileName: name,
  file_type: 'Pictures',
  thumbURLSmall: `/th/3/${id}?area=256&sig=s`,
  thumbURLLarge: `/th/3/${id}?area=1280&sig=l`,
});

function serve(files: unknown[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/jobs/default')) return Response.json({ id: 'job-1', type: 'timeline' });
      if (url.includes('/jobs/job-1/files')) return Response.json({ files });
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

describe('profile picture picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the newest pictures and hands the large thumbnail to the crop', async () => {
    const calls = serve([file('a', 'lake.jpg'), file('b', 'fjord.jpg')]);
    const onPick = vi.fn();
    render(<ProfilePicturePicker onPick={onPick} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use fjord.jpg as your profile picture' }),
    );
    expect(onPick).toHaveBeenCalledWith('/th/3/b?area=1280&sig=l');
    expect(calls.find((u) => u.includes('/files'))).toContain('types=Pictures');
  });

  it('renders nothing when the timeline has no pictures', async () => {
    serve([]);
    const { container } = render(<ProfilePicturePicker onPick={() => {}} />);
    await vi.waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
