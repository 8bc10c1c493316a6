import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv');
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
};

describe('OIDC configuration', () => {
  it('uses the built-in provider when OIDC_ISSUER is unset', () => {
    expect(loadConfig({}, '/srv').oidc).toBeNull();
  });

  it('selects an external issuer with its client id and optional secret', () => {
    expect(
      loadConfig({ OIDC_ISSUER: 'https://id.example.com/realms/x/', OIDC_CLIENT_ID: 'photos' }, '/srv').oidc,
    ).toEqual({ issuer: 'https://id.example.com/realms/x', clientId: 'photos', clientSecret: null });
    expect(
      loadConfig(
        { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's3' },
        '/srv',
      ).oidc?.clientSecret,
    ).toBe('s3');
  });

  it('names each problem: a bad URL, a missing client id, client settings without an issuer', () => {
    expect(problemsOf({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x' })).toEqual([
      'OIDC_ISSUER is not a valid URL (got "not a url")',
    ]);
    expect(problemsOf({ OIDC_ISSUER: 'ftp://id.example.com', OIDC_CLIENT_ID: 'x' })[0]).toMatch(
      /^OIDC_ISSUER must use/,
    );
    expect(problemsOf({ OIDC_ISSUER: 'https://id.example.com' })).toEqual([
      'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
    ]);
    expect(problemsOf({ OIDC_CLIENT_SECRET: 's' })).toEqual([
      'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER',
    ]);
  });
});
