import { openLocalCastChannel } from '@nordlys/contract/cast-local-channel';
import {
  CAST_NAMESPACE,
  decodeReceiverMessage,
  encodeCastMessage,
  type ReceiverMessage,
  type SenderMessage,
} from '@nordlys/contract/cast-messages';

/**
 * The sender's side of the channel, whatever carries it: Google's Cast sender framework, or the
 * local stand-in between two pages of one browser (TEST_ENDPOINTS). The casting bar and the
 * carousel talk to this and never to the framework.
 */
export interface CastSenderWire {
  /** Lets the user pick a device; resolves with its name, rejects when none was chosen. */
  connect(): Promise<string>;
  send(message: SenderMessage): void;
  disconnect(): void;
  /** Receiver messages that decode; anything else is dropped. */
  onMessage(listener: (message: ReceiverMessage) => void): () => void;
  onDisconnected(listener: () => void): () => void;
}

export interface CastSenderOptions {
  /** The client config's castReceiverAppId; null: casting is off. */
  receiverAppId: string | null;
  /** The client config's testEndpoints: the local stand-in instead of the framework. */
  localChannel: boolean;
}

/** The sender framework's script (account.md §9: loaded from its remote host). */
export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
/** A framework that has not said whether it is usable by then never will be. */
const FRAMEWORK_WAIT_MS = 10_000;

/** The name the local stand-in's receiver goes by (it is no device of the user's). */
export const LOCAL_RECEIVER_NAME = 'localhost';

type Listeners<T> = Set<(value: T) => void>;

function localWire(): CastSenderWire {
  const messages: Listeners<ReceiverMessage> = new Set();
  const ended: Listeners<void> = new Set();
  let channel: ReturnType<typeof openLocalCastChannel> | null = null;
  return {
    async connect() {
      channel ??= openLocalCastChannel('sender', (raw) => {
        const decoded = decodeReceiverMessage(raw);
        if (decoded.ok) for (const listener of messages) listener(decoded.message);
      });
      return LOCAL_RECEIVER_NAME;
    },
    send: (message) => channel?.send(encodeCastMessage(message)),
    disconnect() {
      channel?.close();
      channel = null;
      for (const listener of ended) listener();
    },
    onMessage: (listener) => subscribe(messages, listener),
    onDisconnected: (listener) => subscribe(ended, listener),
  };
}

function subscribe<T>(set: Listeners<T>, listener: (value: T) => void): () => void {
  set.add(listener);
  return () => set.delete(listener);
}

/** The parts of the framework (cast.framework, chrome.cast) used here. */
interface CastSession {
  getCastDevice(): { friendlyName: string };
  sendMessage(ns: string, data: unknown): Promise<unknown>;
  addMessageListener(ns: string, listener: (ns: string, message: string) => void): void;
}
interface CastContext {
  setOptions(options: Record<string, unknown>): void;
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSession | null;
  endCurrentSession(stopCasting: boolean): void;
  addEventListener(type: string, listener: (event: { sessionState: string }) => void): void;
}
interface CastWindow {
  chrome?: { cast?: { AutoJoinPolicy?: { ORIGIN_SCOPED: string } } };
  cast?: { framework?: { CastContext: { getInstance(): CastContext } } };
  __onGCastApiAvailable?: (available: boolean) => void;
}

/**
 * Whether to try the framework at all: casting configured, a browser that offers Cast (Chrome
 * and its kin define `window.chrome`), and online. Otherwise nothing is loaded and nothing is
 * logged: most browsers cannot cast, and that is no error.
 */
export function castOffered(options: CastSenderOptions, win: Window = window): boolean {
  return options.receiverAppId !== null && 'chrome' in win && win.navigator.onLine !== false;
}

function loadFramework(win: Window & CastWindow): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (available: boolean) => {
      clearTimeout(timer);
      resolve(available);
    };
    const timer = setTimeout(() => done(false), FRAMEWORK_WAIT_MS);
    win.__onGCastApiAvailable = (available) => done(available && Boolean(win.cast?.framework));
    const script = win.document.createElement('script');
    script.src = CAST_SENDER_URL;
    script.async = true;
    script.onerror = () => done(false);
    win.document.head.append(script);
  });
}

function frameworkWire(win: CastWindow, receiverAppId: string): CastSenderWire {
  const framework = win.cast?.framework as NonNullable<CastWindow['cast']>['framework'] & object;
  const context = framework.CastContext.getInstance();
  context.setOptions({
    receiverApplicationId: receiverAppId,
    autoJoinPolicy: win.chrome?.cast?.AutoJoinPolicy?.ORIGIN_SCOPED ?? 'origin_scoped',
  });
  const messages: Listeners<ReceiverMessage> = new Set();
  const ended: Listeners<void> = new Set();
  context.addEventListener('sessionstatechanged', (event) => {
    if (event.sessionState === 'SESSION_ENDED') for (const listener of ended) listener();
  });
  return {
    async connect() {
      await context.requestSession();
      const session = context.getCurrentSession();
      if (!session) throw new Error('no cast session');
      session.addMessageListener(CAST_NAMESPACE, (_ns, raw) => {
        const decoded = decodeReceiverMessage(raw);
        if (decoded.ok) for (const listener of messages) listener(decoded.message);
      });
      return session.getCastDevice().friendlyName;
    },
    send(message) {
      void context
        .getCurrentSession()
        ?.sendMessage(CAST_NAMESPACE, JSON.parse(encodeCastMessage(message)))
        .catch(() => undefined);
    },
    disconnect: () => context.endCurrentSession(true),
    onMessage: (listener) => subscribe(messages, listener),
    onDisconnected: (listener) => subscribe(ended, listener),
  };
}

/** The wire to use, or null when this browser cannot cast (then no casting control is shown). */
export async function openCastSender(
  options: CastSenderOptions,
  win: Window = window,
): Promise<CastSenderWire | null> {
  if (options.localChannel && typeof BroadcastChannel !== 'undefined') return localWire();
  if (!castOffered(options, win) || options.receiverAppId === null) return null;
  const castWin = win as Window & CastWindow;
  if (!(await loadFramework(castWin))) return null;
  return frameworkWire(castWin, options.receiverAppId);
}
