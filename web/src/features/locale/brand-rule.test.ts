import { DEFAULT_CLIENT_CONFIG } from '@nordlys/contract/client-config';
import { describe, expect, it } from 'vitest';
import { brandNameFor, documentTitle, isNorwegianHost } from './brand-rule';
import { injectedClientConfig, readClientConfig } from './client-config';
import { hostMatches } from './host-match';

const config = {
  ...DEFAULT_CLIENT_CONFIG,
  brandName: 'Aurora',
  brandNameNorway: 'Nordlys',
  norwegianHosts: ['.no', 'foto.example.com'],
};

describe('brand by hostname', () => {
  it('uses the Norwegian brand on a host ending in a suffix entry', () => {
    expect(brandNameFor('www.nordlys.no', config)).toBe('Nordlys');
  });

  it('uses the Norwegian brand on an exact host entry', () => {
    expect(brandNameFor('foto.example.com', config)).toBe('Nordlys');
    expect(brandNameFor('xfoto.example.com', config)).toBe('Aurora');
  });

  it('uses the international brand elsewhere, including look-alike hosts', () => {
    expect(brandNameFor('nordlys.com', config)).toBe('Aurora');
    expect(brandNameFor('nordlys.now', config)).toBe('Aurora');
    expect(brandNameFor('localhost', config)).toBe('Aurora');
  });

  it('matches case-insensitively', () => {
    expect(isNorwegianHost('Photos.NORDLYS.NO', config)).toBe(true);
  });

  it('puts the screen before the brand in the document title', () => {
    expect(documentTitle('Nordlys', 'Albums')).toBe('Albums · Nordlys');
    expect(documentTitle('Nordlys')).toBe('Nordlys');
  });
});

describe('host patterns', () => {
  it('treats a trailing dot as a prefix and dots on both sides as an inner label', () => {
    expect(hostMatches('staging.nordlys.no', 'staging.')).toBe(true);
    expect(hostMatches('web.staging.nordlys.no', '.staging.')).toBe(true);
    expect(hostMatches('prestaging.nordlys.no', '.staging.')).toBe(false);
    expect(hostMatches('nordlys.no', 'staging.')).toBe(false);
  });
});

describe('client config', () => {
  it('falls back to the defaults and merges links key by key', () => {
    expect(readClientConfig(undefined)).toEqual(DEFAULT_CLIENT_CONFIG);
    const merged = readClientConfig({ brandName: 'X', links: { terms: 'https://t' } as never });
    expect(merged.brandName).toBe('X');
    expect(merged.links.terms).toBe('https://t');
    expect(merged.links.privacy).toBe(DEFAULT_CLIENT_CONFIG.links.privacy);
  });

  it('reads the JSON data block the server writes into index.html', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(injectedClientConfig(doc)).toBeUndefined();
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'nordlys-config';
    block.textContent = '{"brandName":"Aurora \\u003c3"}';
    doc.head.append(block);
    expect(injectedClientConfig(doc)).toEqual({ brandName: 'Aurora <3' });
    block.textContent = '{not json';
    expect(injectedClientConfig(doc)).toBeUndefined();
  });
});
