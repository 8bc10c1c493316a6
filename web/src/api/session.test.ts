import { describe, expect, it } from 'vitest';
import {
  clearSession,
  describeBrowser,
  getAuthToken,
  getDevice,
  getServiceDict,
  getSessionId,
  SESSION_KEYS,
  setAuthToken,
  setServiceDict,
} from './session';

const hosts = { appHost: 'a', thumbHost: 't', videoHost: 'v', pollHost: 'p', downloadHost: 'd' };

describe('session', () => {
  it('stores the auth token under authToken and clears it on logout', () => {
    expect(getAuthToken()).toBeNull();
    setAuthToken('secret');
    expect(localStorage.getItem('authToken')).toBe('secret');
    expect(getAuthToken()).toBe('secret');
    clearSession();
    expect(getAuthToken()).toBeNull();
  });

  it('creates a device record once and keeps it', () => {
    const device = getDevice();
    expect(device.device_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(device.device_name).not.toBe('');
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.device)!)).toEqual(device);
    expect(getDevice()).toEqual(device);
  });

  it('regenerates a placeholder device id but keeps its name', () => {
    localStorage.setItem(
      'capture_device',
      JSON.stringify({ device_id: '00000000-0000-0000-0000-000000000000', device_name: 'My laptop' }),
    );
    const device = getDevice();
    expect(device.device_id).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(device.device_name).toBe('My laptop');
  });

  it('regenerates a device record that is missing its id or is corrupt', () => {
    localStorage.setItem('capture_device', JSON.stringify({ device_name: 'x' }));
    expect(getDevice().device_id).toHaveLength(36);
    localStorage.setItem('capture_device', '{not json');
    expect(getDevice().device_id).toHaveLength(36);
  });

  it('makes a stable base64 session id', () => {
    const id = getSessionId();
    expect(id).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(atob(id)).toHaveLength(18);
    expect(getSessionId()).toBe(id);
    expect(localStorage.getItem('session_ID')).toBe(id);
  });

  it('reads back a stored service directory and ignores an incomplete one', () => {
    setServiceDict(hosts);
    expect(getServiceDict()).toEqual(hosts);
    localStorage.setItem('serviceDict', JSON.stringify({ ...hosts, pollHost: '' }));
    expect(getServiceDict()).toBeNull();
  });

  it('names the browser for the devices list', () => {
    expect(
      describeBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
  });
});
