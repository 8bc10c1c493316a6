import { CLIENT_CONFIG_ELEMENT_ID, DEFAULT_CLIENT_CONFIG } from '@nordlys/contract/client-config';
import { describe, expect, it } from 'vitest';
import { injectedClientConfig, readClientConfig } from './client-config';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = CLIENT_CONFIG_ELEMENT_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('readClientConfig', () => {
  it("takes a new account's storage from what the server wrote", () => {
    const config = readClientConfig(injectedClientConfig(pageWith('{"defaultStorageGib":50}')));
    expect(config.defaultStorageGib).toBe(50);
    expect(config.brandName).toBe(DEFAULT_CLIENT_CONFIG.brandName);
  });

  it('keeps the default figure when the page carries no config or an older one', () => {
    expect(readClientConfig(undefined).defaultStorageGib).toBe(DEFAULT_CLIENT_CONFIG.defaultStorageGib);
    expect(readClientConfig(injectedClientConfig(pageWith('{"brandName":"X"}'))).defaultStorageGib).toBe(
      DEFAULT_CLIENT_CONFIG.defaultStorageGib,
    );
  });
});
