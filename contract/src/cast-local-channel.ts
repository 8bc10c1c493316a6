/**
 * A stand-in for the Cast channel between two pages of one browser (a BroadcastChannel), for
 * trying the sender and the receiver without a TV. Both sides open it only when the server runs
 * with TEST_ENDPOINTS on; a real session always goes through the Cast frameworks.
 */
export const CAST_LOCAL_CHANNEL_NAME = 'nordlys-cast-local';

export interface CastWire {
  send(message: string): void;
  close(): void;
}

/** `from` tells the two sides apart on the shared channel: each hears only the other. */
export function openLocalCastChannel(
  from: 'sender' | 'receiver',
  onMessage: (message: string) => void,
): CastWire {
  const channel = new BroadcastChannel(CAST_LOCAL_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    const data = event.data as { from?: unknown; message?: unknown };
    if (data && data.from !== from && typeof data.message === 'string') onMessage(data.message);
  };
  return {
    send: (message) => channel.postMessage({ from, message }),
    close: () => channel.close(),
  };
}
