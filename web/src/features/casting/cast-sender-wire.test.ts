import { openLocalCastChannel } from '@nordlys/contract/cast-local-channel';
import { decodeSenderMessage, encodeCastMessage } from '@nordlys/contract/cast-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAST_SENDER_URL, castOffered, LOCAL_RECEIVER_NAME, openCastSender } from './cast-sender-wire';

const senderScripts = () => document.head.querySelectorAll(`script[src="${CAST_SENDER_URL}"]`);
const withChrome = () => Object.assign(window, { chrome: {} });

afterEach(() => {
  for (const script of senderScripts()) script.remove();
  delete (window as { chrome?: unknown }).chrome;
  vi.restoreAllMocks();
});

describe('the Cast sender wire', () => {
  it('loads nothing when casting is not configured', async () => {
    withChrome();
    expect(await openCastSender({ receiverAppId: null, localChannel: false })).toBeNull();
    expect(senderScripts()).toHaveLength(0);
  });

  it('loads nothing in a browser that does not offer Cast', async () => {
    expect(castOffered({ receiverAppId: 'AB12CD34', localChannel: false })).toBe(false);
    expect(await openCastSender({ receiverAppId: 'AB12CD34', localChannel: false })).toBeNull();
    expect(senderScripts()).toHaveLength(0);
  });

  it('loads nothing offline', () => {
    withChrome();
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    expect(castOffered({ receiverAppId: 'AB12CD34', localChannel: false })).toBe(false);
  });

  it('loads the framework script where Cast is offered, and answers null, silently, when it fails', async () => {
    withChrome();
    const errors = vi.spyOn(console, 'error');
    const opening = openCastSender({ receiverAppId: 'AB12CD34', localChannel: false });
    const [script] = senderScripts();
    expect(script).toBeDefined();
    script?.dispatchEvent(new Event('error'));
    expect(await opening).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers null when the framework says Cast is unusable', async () => {
    withChrome();
    const opening = openCastSender({ receiverAppId: 'AB12CD34', localChannel: false });
    (window as { __onGCastApiAvailable?: (available: boolean) => void }).__onGCastApiAvailable?.(false);
    expect(await opening).toBeNull();
  });

  it('speaks the codec over the local stand-in, both ways', async () => {
    const heard: unknown[] = [];
    const receiver = openLocalCastChannel('receiver', (raw) => {
      const decoded = decodeSenderMessage(raw);
      if (decoded.ok) heard.push(decoded.message);
    });
    const wire = await openCastSender({ receiverAppId: null, localChannel: true });
    expect(wire).not.toBeNull();
    const replies: unknown[] = [];
    wire?.onMessage((message) => replies.push(message));
    expect(await wire?.connect()).toBe(LOCAL_RECEIVER_NAME);
    wire?.send({ type: 'getReceiverState' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'getReceiverState' }]));
    const state = { current: null, playerState: 'IDLE' as const, autoPlay: true, currentTime: 0 };
    receiver.send('{"type":"receiverState"}');
    receiver.send(encodeCastMessage({ type: 'receiverState', state }));
    await vi.waitFor(() => expect(replies).toEqual([{ type: 'receiverState', state }]));
    const ended = vi.fn();
    wire?.onDisconnected(ended);
    wire?.disconnect();
    expect(ended).toHaveBeenCalledOnce();
    receiver.close();
  });
});
