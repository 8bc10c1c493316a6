/**
 * The custom-namespace messages between the web client (the Cast sender) and our receiver page
 * (account.md §3, §9). Both sides encode and decode through this one module, so a message the
 * sender writes is always one the receiver reads. Decoding never throws: a malformed message comes
 * back as a typed error the caller can log and drop, since a TV app that crashes on one bad
 * message leaves the user with a frozen screen.
 */

/** Our namespace on the Cast channel (custom namespaces must start with `urn:x-cast:`). */
export const CAST_NAMESPACE = 'urn:x-cast:no.nordlys.cast';
/** How many items after the current one a loadSingleItem may carry. */
export const CAST_NEXT_ITEMS_LIMIT = 4;
/** How long a picture stays on screen in a slideshow, in ms, unless the item says otherwise. */
export const CAST_DEFAULT_DURATION_MS = 5000;

export const CAST_MEDIA_TYPES = ['image/jpeg', 'video/mp4'] as const;
export type CastMediaType = (typeof CAST_MEDIA_TYPES)[number];

export interface CastItem {
  /** A short-lived signed media URL: the receiver never holds the user's token. */
  url: string;
  fileID: string;
  jobID: string;
  type: CastMediaType;
  /** Display time in ms for a picture; a video plays to its end. */
  duration: number;
}

export type ReceiverPlayerState = 'IDLE' | 'PAUSED' | 'PLAYING' | 'BUFFERING';
export const RECEIVER_PLAYER_STATES: readonly ReceiverPlayerState[] = [
  'IDLE',
  'PAUSED',
  'PLAYING',
  'BUFFERING',
];

export interface ReceiverState {
  current: CastItem | null;
  playerState: ReceiverPlayerState;
  autoPlay: boolean;
  /** Playback position of a video in seconds (0 for a picture). */
  currentTime: number;
}

export type SenderMessage =
  | { type: 'loadSingleItem'; item: CastItem; nextItems: CastItem[]; autoPlay: boolean }
  | { type: 'autoPlayChanged'; autoPlay: boolean }
  | { type: 'playOrPauseMedia' }
  | { type: 'seekVideo'; time: number }
  | { type: 'getReceiverState' };

export type ReceiverMessage = { type: 'receiverState'; state: ReceiverState };

export type CastMessage = SenderMessage | ReceiverMessage;

export class CastMessageError extends Error {
  constructor(readonly field: string) {
    super(`Invalid cast message: ${field}`);
    this.name = 'CastMessageError';
  }
}

export type DecodeResult<T> = { ok: true; message: T } | { ok: false; error: CastMessageError };

export function encodeCastMessage(message: CastMessage): string {
  return JSON.stringify(message);
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Thrown inside decoding only, turned into a result before it leaves this module. */
class Invalid {
  constructor(readonly field: string) {}
}

function need<T>(ok: boolean, value: T, field: string): T {
  if (!ok) throw new Invalid(field);
  return value;
}

const str = (o: Obj, key: string, prefix: string) =>
  need(typeof o[key] === 'string' && o[key] !== '', o[key] as string, `${prefix}${key}`);
const bool = (o: Obj, key: string, prefix = '') =>
  need(typeof o[key] === 'boolean', o[key] as boolean, `${prefix}${key}`);

function castUrl(o: Obj, prefix: string): string {
  const raw = str(o, 'url', prefix);
  let ok = false;
  try {
    const protocol = new URL(raw).protocol;
    ok = protocol === 'https:' || protocol === 'http:';
  } catch {
    ok = false;
  }
  return need(ok, raw, `${prefix}url`);
}

function decodeItem(raw: unknown, prefix: string): CastItem {
  const o = need(isObj(raw), raw as Obj, prefix.slice(0, -1));
  const type = o.type as CastMediaType;
  const duration = o.duration ?? CAST_DEFAULT_DURATION_MS;
  return {
    url: castUrl(o, prefix),
    fileID: str(o, 'fileID', prefix),
    jobID: str(o, 'jobID', prefix),
    type: need(CAST_MEDIA_TYPES.includes(type), type, `${prefix}type`),
    duration: need(
      typeof duration === 'number' && Number.isFinite(duration) && duration > 0,
      duration as number,
      `${prefix}duration`,
    ),
  };
}

function decodeState(raw: unknown): ReceiverState {
  const o = need(isObj(raw), raw as Obj, 'state');
  const playerState = o.playerState as ReceiverPlayerState;
  return {
    current: o.current === null ? null : decodeItem(o.current, 'state.current.'),
    playerState: need(RECEIVER_PLAYER_STATES.includes(playerState), playerState, 'state.playerState'),
    autoPlay: bool(o, 'autoPlay', 'state.'),
    currentTime: need(
      typeof o.currentTime === 'number' && Number.isFinite(o.currentTime) && o.currentTime >= 0,
      o.currentTime as number,
      'state.currentTime',
    ),
  };
}

function decodeAny(o: Obj): CastMessage {
  switch (o.type) {
    case 'loadSingleItem': {
      const next = need(Array.isArray(o.nextItems ?? []), (o.nextItems ?? []) as unknown[], 'nextItems');
      need(next.length <= CAST_NEXT_ITEMS_LIMIT, next, 'nextItems');
      return {
        type: 'loadSingleItem',
        item: decodeItem(o.item, 'item.'),
        nextItems: next.map((item, i) => decodeItem(item, `nextItems.${i}.`)),
        autoPlay: o.autoPlay === undefined ? true : bool(o, 'autoPlay'),
      };
    }
    case 'autoPlayChanged':
      return { type: 'autoPlayChanged', autoPlay: bool(o, 'autoPlay') };
    case 'playOrPauseMedia':
      return { type: 'playOrPauseMedia' };
    case 'seekVideo':
      return {
        type: 'seekVideo',
        time: need(
          typeof o.time === 'number' && Number.isFinite(o.time) && o.time >= 0,
          o.time as number,
          'time',
        ),
      };
    case 'getReceiverState':
      return { type: 'getReceiverState' };
    case 'receiverState':
      return { type: 'receiverState', state: decodeState(o.state) };
    default:
      throw new Invalid('type');
  }
}

/** Reads a message from the wire: a JSON string (as the Cast channel carries it) or a parsed object. */
export function decodeCastMessage(raw: unknown): DecodeResult<CastMessage> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: new CastMessageError('json') };
    }
  }
  if (!isObj(value)) return { ok: false, error: new CastMessageError('message') };
  try {
    return { ok: true, message: decodeAny(value) };
  } catch (problem) {
    if (problem instanceof Invalid) return { ok: false, error: new CastMessageError(problem.field) };
    throw problem;
  }
}

const SENDER_TYPES = new Set<string>([
  'loadSingleItem',
  'autoPlayChanged',
  'playOrPauseMedia',
  'seekVideo',
  'getReceiverState',
]);

/** What the receiver accepts: sender messages only. */
export function decodeSenderMessage(raw: unknown): DecodeResult<SenderMessage> {
  const result = decodeCastMessage(raw);
  if (result.ok && !SENDER_TYPES.has(result.message.type)) {
    return { ok: false, error: new CastMessageError('type') };
  }
  return result as DecodeResult<SenderMessage>;
}

/** What the sender accepts: the receiver's state reply only. */
export function decodeReceiverMessage(raw: unknown): DecodeResult<ReceiverMessage> {
  const result = decodeCastMessage(raw);
  if (result.ok && result.message.type !== 'receiverState') {
    return { ok: false, error: new CastMessageError('type') };
  }
  return result as DecodeResult<ReceiverMessage>;
}
