import { DEFAULT_CLIENT_CONFIG } from '@nordlys/contract/client-config';
import { FREE_STORAGE_GIB } from '@nordlys/contract/constants';
import { describe, expect, it } from 'vitest';
import { clientConfigFrom } from '../src/app';
import { loadConfig } from '../src/config';

describe('the client config the server writes into index.html', () => {
  it('names the storage a new account gets from DEFAULT_STORAGE_GIB', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/nordlys-config-test', DEFAULT_STORAGE_GIB: '50' });
    expect(clientConfigFrom(config).defaultStorageGib).toBe(50);
  });

  it('falls back to the free storage figure, as the client does without a server', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/nordlys-config-test' });
    expect(clientConfigFrom(config).defaultStorageGib).toBe(FREE_STORAGE_GIB);
    expect(DEFAULT_CLIENT_CONFIG.defaultStorageGib).toBe(FREE_STORAGE_GIB);
  });
});

describe('the Cast receiver app id', () => {
  it('reaches the client from CAST_RECEIVER_APP_ID, and is null (casting off) without it', () => {
    const on = loadConfig({ DATA_DIR: '/tmp/nordlys-config-test', CAST_RECEIVER_APP_ID: 'AB12CD34' });
    expect(clientConfigFrom(on).castReceiverAppId).toBe('AB12CD34');
    const off = loadConfig({ DATA_DIR: '/tmp/nordlys-config-test' });
    expect(clientConfigFrom(off).castReceiverAppId).toBeNull();
    expect(DEFAULT_CLIENT_CONFIG.castReceiverAppId).toBeNull();
  });

  it('refuses an id that is not letters and digits', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/nordlys-config-test', CAST_RECEIVER_APP_ID: 'a"b' })).toThrow(
      /CAST_RECEIVER_APP_ID must be letters and digits only/,
    );
  });
});
