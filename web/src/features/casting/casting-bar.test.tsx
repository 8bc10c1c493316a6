import type { CastItem } from '@nordlys/contract/cast-messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CastButton } from './cast-button.component';
import { type CastableFile, createCastController } from './cast-controller';
import { openCastSender } from './cast-sender-wire';
import { CastingBar } from './casting-bar.component';
import { fakeTv } from './fake-tv.test-data';

const files: CastableFile[] = ['a', 'b', 'c'].map((id) => ({ jobID: 'j', fileID: id }));
const itemOf = async (file: CastableFile): Promise<CastItem> => ({
  url: `https://photos.example/${file.fileID}`,
  fileID: file.fileID,
  jobID: file.jobID,
  type: file.fileID === 'c' ? 'video/mp4' : 'image/jpeg',
  duration: 5000,
});

let tv: ReturnType<typeof fakeTv> | null = null;
afterEach(() => tv?.close());

async function controllerOnLocalChannel() {
  tv = fakeTv();
  const wire = await openCastSender({ receiverAppId: null, localChannel: true });
  return createCastController({ wire, castItem: itemOf });
}

async function castingFrom(index: number) {
  const controller = await controllerOnLocalChannel();
  render(<CastingBar controller={controller} />);
  await controller.connect();
  await controller.castFrom(files, index);
  return { controller, tv: tv as ReturnType<typeof fakeTv> };
}

const last = (heard: { type: string }[]) => heard.at(-1);

describe('the casting bar', () => {
  it('is not there without a connected session', async () => {
    const controller = await controllerOnLocalChannel();
    const { container } = render(<CastingBar controller={controller} />);
    expect(container.innerHTML).toBe('');
  });

  it('names the device and maps the receiver’s states to playing, paused and finished', async () => {
    const { tv } = await castingFrom(0);
    expect(screen.getByRole('region', { name: 'Casting' })).toBeTruthy();
    expect(screen.getByText('Casting to localhost')).toBeTruthy();
    expect(await screen.findByText('Photo · Playing')).toBeTruthy();
    tv.report({ playerState: 'PAUSED' });
    expect(await screen.findByText('Photo · Paused')).toBeTruthy();
    tv.report({ playerState: 'BUFFERING' });
    expect(await screen.findByText('Photo · Playing')).toBeTruthy();
    tv.report({ playerState: 'IDLE' });
    expect(await screen.findByText('Photo · Finished')).toBeTruthy();
  });

  it('sends play or pause, next, previous and autoplay from its buttons', async () => {
    const user = userEvent.setup();
    const { tv } = await castingFrom(0);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(last(tv.heard)).toEqual({ type: 'playOrPauseMedia' }));
    await screen.findByRole('button', { name: 'Play' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(last(tv.heard)).toMatchObject({ type: 'loadSingleItem', item: { fileID: 'b' } }),
    );
    await screen.findByText('Photo · Playing');
    await waitFor(() => expect(tv.heard.length).toBeGreaterThan(3));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() =>
      expect(last(tv.heard)).toMatchObject({ type: 'loadSingleItem', item: { fileID: 'a' } }),
    );

    const autoplay = screen.getByRole('button', { name: 'Autoplay' });
    expect(autoplay.getAttribute('aria-pressed')).toBe('true');
    await user.click(autoplay);
    await waitFor(() => expect(last(tv.heard)).toEqual({ type: 'autoPlayChanged', autoPlay: false }));
    await waitFor(() => expect(autoplay.getAttribute('aria-pressed')).toBe('false'));
  });

  it('seeks a video and offers no seeking for a picture', async () => {
    const user = userEvent.setup();
    const { tv: video } = await castingFrom(0);
    await screen.findByText('Photo · Playing');
    expect(screen.queryByRole('button', { name: 'Forward 10 seconds' })).toBeNull();
    video.report({ current: await itemOf(files[2] as CastableFile), currentTime: 30 });
    await user.click(await screen.findByRole('button', { name: 'Forward 10 seconds' }));
    await waitFor(() => expect(last(video.heard)).toEqual({ type: 'seekVideo', time: 40 }));
    await waitFor(() => expect(screen.getByText('Video · Playing')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Back 10 seconds' }));
    await waitFor(() => expect(last(video.heard)).toEqual({ type: 'seekVideo', time: 30 }));
  });

  it('stops casting and goes away', async () => {
    const user = userEvent.setup();
    const { controller } = await castingFrom(0);
    await user.click(await screen.findByRole('button', { name: 'Stop casting' }));
    expect(controller.getState().status).toBe('disconnected');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Casting' })).toBeNull());
  });
});

describe('the viewer’s cast button', () => {
  it('connects and casts the shown file with the ones after it, then names the device', async () => {
    const user = userEvent.setup();
    const controller = await controllerOnLocalChannel();
    render(<CastButton controller={controller} files={files} index={1} />);
    expect(screen.queryByText('Casting to localhost')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cast to a TV' }));
    await waitFor(() =>
      expect(last(tv?.heard ?? [])).toMatchObject({
        type: 'loadSingleItem',
        item: { fileID: 'b' },
        nextItems: [{ fileID: 'c' }],
      }),
    );
    expect(await screen.findByText('Casting to localhost')).toBeTruthy();
  });

  it('is not offered where this browser cannot cast', () => {
    const controller = createCastController({ wire: null, castItem: itemOf });
    const { container } = render(<CastButton controller={controller} files={files} index={0} />);
    expect(container.innerHTML).toBe('');
  });
});
