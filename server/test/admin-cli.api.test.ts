import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin';
import { basicAuth, createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';

describe.each(databaseKinds)('admin CLI against a running server on %s', (kind) => {
  let t: TestApp;
  let env: Record<string, string>;
  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, env, (line: string) => lines.push(line));
    return { code, last: lines.at(-1) ?? '' };
  };
  const accountInfo = (token: string) =>
    t.app.inject({ url: '/st/4/account_info', headers: { authorization: basicAuth(token) } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    env = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' };
    if (t.config.database.kind === 'postgres') env.DATABASE_URL = t.config.database.url;
  });
  afterAll(() => t.close());

  it('creates a user and prints a working device token as its last line', async () => {
    expect(
      (
        await admin(
          'user:create',
          '--email',
          'Ola@Example.com',
          '--password',
          'hunter2hunter2',
          '--name',
          'Ola',
        )
      ).code,
    ).toBe(0);
    const { code, last } = await admin('token:create', '--email', 'ola@example.com');
    expect(code).toBe(0);
    const res = await accountInfo(last);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ola',
      logged_in_as: 'Ola@Example.com',
      is_read_only_user: false,
    });
  });

  it('refuses a second account with the same e-mail in any case', async () => {
    await expect(
      admin('user:create', '--email', 'OLA@example.com', '--password', 'another-password', '--name', 'Ola 2'),
    ).rejects.toThrow('already exists');
  });

  it('refuses a short password and a missing option', async () => {
    await expect(
      admin('user:create', '--email', 'x@example.com', '--password', 'short', '--name', 'X'),
    ).rejects.toThrow('at least 8');
    await expect(admin('user:create', '--email', 'x@example.com', '--name', 'X')).rejects.toThrow(
      '--password',
    );
  });

  it('sets and clears the read-only flag', async () => {
    const { last: token } = await admin('token:create', '--email', 'ola@example.com');
    await admin('user:read-only', '--email', 'ola@example.com', '--on');
    expect((await accountInfo(token)).json().is_read_only_user).toBe(true);
    await admin('user:read-only', '--email', 'ola@example.com', '--off');
    expect((await accountInfo(token)).json().is_read_only_user).toBe(false);
  });

  it('adds storage grants to max_space', async () => {
    const { last: token } = await admin('token:create', '--email', 'ola@example.com');
    const before = (await accountInfo(token)).json().max_space;
    await admin('storage:grant', '--email', 'ola@example.com', '--gib', '100');
    expect((await accountInfo(token)).json().max_space).toBe(before + 100 * 1024 ** 3);
  });

  it('disables an account: its tokens answer 401 user_disabled at once', async () => {
    await admin(
      'user:create',
      '--email',
      'kari@example.com',
      '--password',
      'correct-horse',
      '--name',
      'Kari',
    );
    const { last: token } = await admin('token:create', '--email', 'kari@example.com');
    expect((await accountInfo(token)).statusCode).toBe(200);
    await admin('user:disable', '--email', 'kari@example.com');
    const res = await accountInfo(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'user_disabled' });
    await admin('user:disable', '--email', 'kari@example.com', '--off');
    expect((await accountInfo(token)).statusCode).toBe(200);
  });

  it('reports an unknown user', async () => {
    await expect(admin('token:create', '--email', 'nobody@example.com')).rejects.toThrow('No user');
  });
});
