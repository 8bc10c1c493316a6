import type { CastItem } from '@nordlys/contract/cast-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CastableFile, createCastController } from './cast-controller';
import { openCastSender } from './cast-sender-wire';
import { fakeTv } from './fake-tv.test-data';

const files: CastableFile[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ jobID: 'j', fileID: id }));
const itemOf = async (file: CastableFile): Promise<CastItem> => ({
  url: `https://photos.example/${file.fileID}`,
  fileID: file.fileID,
  jobID: file.jobID,
  type: 'image/jpeg',
  duration: 5000,
});

let tv: ReturnType<typeof fakeTv> | null = null;
afterEach(() => tv?.close());

async function connected() {
  tv = fakeTv();
  const wire = await openCastSender({ receiverAppId: null, localChannel: true });
  const controller = createCastController({ wire, castItem: itemOf });
  expect(await controller.connect()).toBe(true);
  return controller;
}

describe('the cast controller', () => {
  it('offers nothing without a wire', async () => {
    const controller = createCastController({ wire: null, castItem: itemOf });
    expect(controller.getState().availability).toBe('unavailable');
    expect(await controller.connect()).toBe(false);
  });

  it('connects, stores the device name and asks the receiver for its state', async () => {
    const controller = await connected();
    expect(controller.getState()).toMatchObject({ status: 'connected', deviceName: 'localhost' });
    await vi.waitFor(() => expect(tv?.heard).toEqual([{ type: 'getReceiverState' }]));
    await vi.waitFor(() => expect(controller.getState().receiver?.playerState).toBe('IDLE'));
  });

  it('casts a file with the four after it, then steps next and previous from the receiver’s item', async () => {
    const controller = await connected();
    await controller.castFrom(files, 1);
    await vi.waitFor(() => expect(controller.getState().receiver?.current?.fileID).toBe('b'));
    const load = tv?.heard.find((m) => m.type === 'loadSingleItem');
    expect(load).toMatchObject({ item: { fileID: 'b' }, autoPlay: true });
    expect(load?.type === 'loadSingleItem' && load.nextItems.map((i) => i.fileID)).toEqual([
      'c',
      'd',
      'e',
      'f',
    ]);
    await controller.next();
    await vi.waitFor(() => expect(controller.getState().receiver?.current?.fileID).toBe('c'));
    await controller.previous();
    await vi.waitFor(() => expect(controller.getState().receiver?.current?.fileID).toBe('b'));
    await controller.previous();
    await vi.waitFor(() => expect(controller.getState().receiver?.current?.fileID).toBe('a'));
    // At the start, previous does nothing.
    const sent = tv?.heard.length;
    await controller.previous();
    expect(tv?.heard.length).toBe(sent);
  });

  it('plays and pauses, seeks and turns autoplay off', async () => {
    const controller = await connected();
    await controller.castFrom(files, 0);
    await vi.waitFor(() => expect(controller.getState().receiver?.playerState).toBe('PLAYING'));
    controller.playOrPause();
    await vi.waitFor(() => expect(controller.getState().receiver?.playerState).toBe('PAUSED'));
    controller.seek(12);
    controller.toggleAutoPlay();
    expect(controller.getState().autoPlay).toBe(false);
    await vi.waitFor(() =>
      expect(tv?.heard.slice(-2)).toEqual([
        { type: 'seekVideo', time: 12 },
        { type: 'autoPlayChanged', autoPlay: false },
      ]),
    );
  });

  it('forgets the session when it ends', async () => {
    const controller = await connected();
    const changed = vi.fn();
    controller.subscribe(changed);
    controller.disconnect();
    expect(controller.getState()).toMatchObject({ status: 'disconnected', deviceName: null });
    expect(changed).toHaveBeenCalled();
  });
});
