import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded size: SQLite and a blob folder inside ./data', () => {
    const config = loadConfig({}, '/srv/nordlys');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/nordlys/data');
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/nordlys/data/nordlys.sqlite' });
    expect(config.blobs).toEqual({ kind: 'fs', root: '/srv/nordlys/data/blobs' });
    expect(config.defaultStorageGib).toBe(15);
    expect(config.mediaTaskDelayMs).toBe(0);
  });

  it("reads a test rig's media task delay and refuses one that is not a whole number of ms", () => {
    expect(loadConfig({ MEDIA_TASK_DELAY_MS: '4000' }).mediaTaskDelayMs).toBe(4000);
    expect(() => loadConfig({ MEDIA_TASK_DELAY_MS: 'soon' })).toThrow(
      /MEDIA_TASK_DELAY_MS must be a whole number/,
    );
  });

  it('switches to PostgreSQL and S3 from the environment', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://u@db/nordlys',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      },
      '/x',
    );
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/nordlys' });
    expect(config.blobs).toMatchObject({ kind: 's3', bucket: 'media', forcePathStyle: true });
  });

  it('reports every problem at once, naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', S3_ENDPOINT: 'http://s3', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('S3_BUCKET');
    expect(problems).toContain('LOG_LEVEL');
  });

  it('takes payments offline by default and with Stripe only when every plan has a Stripe price', () => {
    const offline = loadConfig({});
    expect(offline.payments).toEqual({ provider: 'offline' });
    expect(offline.storage.products).toHaveLength(6);
    expect(offline.storage.trialDays).toBe(0);
    expect(offline.privacy.testEndpoints).toBe(false);
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STORAGE_PRODUCTS: 'p:10:100:NOK:monthly:price_1',
      TRIAL_DAYS: '60',
    });
    expect(stripe.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: null,
      publishableKey: 'pk_test_1',
    });
    expect(stripe.storage.trialDays).toBe(60);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY is required[\s\S]*needs a Stripe price id/,
    );
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow('need STRIPE_SECRET_KEY');
    expect(() => loadConfig({ STORAGE_PRODUCTS: 'x:1:1:NOK:weekly' })).toThrow('monthly or yearly');
  });

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://photos.example.no/' }).publicUrl).toBe(
      'https://photos.example.no',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless asked for, so clients cannot pick their own address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });
});
