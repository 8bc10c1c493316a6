import { type CastWire, openLocalCastChannel } from '@nordlys/contract/cast-local-channel';
import { CAST_NAMESPACE } from '@nordlys/contract/cast-messages';

/** Google's receiver framework (CAF v3), loaded on Cast devices only. */
const CAF_RECEIVER_URL = 'https://www.gstatic.com/cast/sdk/libs/caf_receiver/v3/cast_receiver_framework.js';

interface CafContext {
  addCustomMessageListener(ns: string, listener: (event: { data: unknown; senderId: string }) => void): void;
  sendCustomMessage(ns: string, senderId: string | undefined, data: unknown): void;
  start(options: Record<string, unknown>): void;
}
declare global {
  interface Window {
    cast?: { framework?: { CastReceiverContext: { getInstance(): CafContext } } };
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

/** Cast devices name themselves CrKey in their user agent; nothing else runs the receiver framework. */
export const onCastDevice = () => navigator.userAgent.includes('CrKey');

/**
 * The channel to the senders: the Cast framework's custom namespace on a Cast device, or the
 * local stand-in when the server says so (data-local-cast, TEST_ENDPOINTS on); null otherwise.
 * Replies without a sender go to every connected sender.
 */
export async function openReceiverWire(
  onMessage: (message: unknown, reply: (message: string) => void) => void,
): Promise<CastWire | null> {
  if (onCastDevice()) {
    await loadScript(CAF_RECEIVER_URL);
    const framework = window.cast?.framework;
    if (!framework) return null;
    const context = framework.CastReceiverContext.getInstance();
    const send = (senderId: string | undefined, message: string) =>
      context.sendCustomMessage(CAST_NAMESPACE, senderId, JSON.parse(message));
    context.addCustomMessageListener(CAST_NAMESPACE, (event) =>
      onMessage(event.data, (message) => send(event.senderId, message)),
    );
    // JSON: the framework hands us parsed objects; the idle timeout is ours to decide (none).
    context.start({
      customNamespaces: { [CAST_NAMESPACE]: 'JSON' },
      disableIdleTimeout: true,
      skipPlayersLoad: true,
    });
    return { send: (message) => send(undefined, message), close: () => {} };
  }
  if (document.body.dataset.localCast === '1') {
    let wire: CastWire | null = null;
    wire = openLocalCastChannel('receiver', (message) => onMessage(message, (reply) => wire?.send(reply)));
    return wire;
  }
  return null;
}
