import { SERVICE_HOST_KEYS, type ServiceHosts } from '@nordlys/contract/service-hosts';

/** The session keys kept in localStorage (account.md §9). */
export const SESSION_KEYS = {
  authToken: 'authToken',
  serviceDict: 'serviceDict',
  device: 'capture_device',
  sessionId: 'session_ID',
} as const;

export interface DeviceRecord {
  device_id: string;
  device_name: string;
}

// Ids older clients or broken storage left behind; the server would merge every such device into one.
const PLACEHOLDER_DEVICE_IDS = new Set([
  '',
  '00000000-0000-0000-0000-000000000000',
  'undefined',
  'null',
  'unknown',
]);

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the session then lives only for this page.
  }
}

function readJson(key: string): unknown {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export const getAuthToken = (): string | null => read(SESSION_KEYS.authToken) || null;
export const setAuthToken = (token: string): void => write(SESSION_KEYS.authToken, token);
export const clearAuthToken = (): void => write(SESSION_KEYS.authToken, null);

/** The token a sign-in under way is replacing, if any (see beginSessionReplacement). */
let replacing: string | null = null;

/**
 * Marks the stored token as being replaced by a sign-in: the server ends this device's old session
 * when it opens the new one, so the old token's requests still under way answer 401 before the new
 * token is stored, and must not end the session being opened. Returns the call that ends the mark.
 */
export function beginSessionReplacement(): () => void {
  replacing = getAuthToken();
  return () => {
    replacing = null;
  };
}

/** Whether `token` is the one a sign-in under way is replacing. */
export const isBeingReplaced = (token: string): boolean => token === replacing;

export function getServiceDict(): ServiceHosts | null {
  const value = readJson(SESSION_KEYS.serviceDict);
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  return SERVICE_HOST_KEYS.every((key) => typeof record[key] === 'string' && record[key] !== '')
    ? (record as unknown as ServiceHosts)
    : null;
}
export const setServiceDict = (hosts: ServiceHosts): void =>
  write(SESSION_KEYS.serviceDict, JSON.stringify(hosts));
export const clearServiceDict = (): void => write(SESSION_KEYS.serviceDict, null);

export const isPlaceholderDeviceId = (id: string): boolean =>
  PLACEHOLDER_DEVICE_IDS.has(id.trim().toLowerCase());

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A readable name for the devices page, e.g. "Firefox on Windows". */
export function describeBrowser(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

/** The device record, created (or regenerated when missing or a placeholder) on first use. */
export function getDevice(): DeviceRecord {
  const stored = readJson(SESSION_KEYS.device) as Partial<DeviceRecord> | null;
  if (
    stored &&
    typeof stored.device_id === 'string' &&
    !isPlaceholderDeviceId(stored.device_id) &&
    typeof stored.device_name === 'string'
  ) {
    return { device_id: stored.device_id, device_name: stored.device_name };
  }
  const device: DeviceRecord = {
    device_id: randomUuid(),
    device_name:
      stored && typeof stored.device_name === 'string' && stored.device_name
        ? stored.device_name
        : describeBrowser(),
  };
  write(SESSION_KEYS.device, JSON.stringify(device));
  return device;
}

function randomBase64(byteCount: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(byteCount));
  return btoa(String.fromCharCode(...bytes));
}

/** A random per-browser session id (base64), kept until the session is cleared. */
export function getSessionId(): string {
  const existing = read(SESSION_KEYS.sessionId);
  if (existing) return existing;
  const id = randomBase64(18);
  write(SESSION_KEYS.sessionId, id);
  return id;
}

/** Forgets the signed-in session (logout); the device record stays so the browser keeps its identity. */
export function clearSession(): void {
  write(SESSION_KEYS.authToken, null);
  write(SESSION_KEYS.serviceDict, null);
  write(SESSION_KEYS.sessionId, null);
}
