import fs from 'node:fs';
import path from 'node:path';
import type { FileRecord } from '@nordlys/contract/file';
import { expect } from 'vitest';
import { runAdmin } from '../../server/src/cli/admin';
import { type BrowserSession, openBrowser } from '../support/browser';

/** A signed-in API user for a journey: an account made with the admin CLI and a device token. */
export async function createApiUser(
  serverEnv: Record<string, string>,
  baseUrl: string,
  who: string,
): Promise<ApiUser> {
  const email = `${who}-${Date.now().toString(36)}@example.com`;
  const lines: string[] = [];
  const run = async (args: string[]) => {
    lines.length = 0;
    expect(await runAdmin(args, serverEnv, (line: string) => lines.push(line))).toBe(0);
    return lines.at(-1)?.trim() ?? '';
  };
  await run(['user:create', '--email', email, '--password', 'journey password 1', '--name', who]);
  const token = await run(['token:create', '--email', email, '--device', `${who} journey`]);
  expect(token.length).toBeGreaterThan(20);
  return new ApiUser(baseUrl, token, email);
}

export class ApiUser {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    /** Signs in through /login with the password 'journey password 1' (empty when unknown). */
    readonly email = '',
  ) {}

  private get auth() {
    return `Basic ${Buffer.from(`nordlys:${this.token}`).toString('base64')}`;
  }

  async get<T>(apiPath: string): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}${apiPath}`, { headers: { Authorization: this.auth } });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** DELETE /st/4/jobs/{id}/files_by_id/{fileId}, as another device of the user would. */
  async delete(file: FileRecord): Promise<number> {
    const response = await fetch(`${this.baseUrl}/st/4/jobs/${file.jobID}/files_by_id/${file.fileID}`, {
      method: 'DELETE',
      headers: { Authorization: this.auth },
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** POST /st/4/jobs/default/upload: multipart with path, mtime, then the file. */
  async upload(file: string, mtimeSeconds: number, name = path.basename(file)): Promise<FileRecord> {
    const form = new FormData();
    form.append('path', `Journey/${name}`);
    form.append('mtime', String(mtimeSeconds));
    form.append('file', new Blob([fs.readFileSync(file)]), name);
    const response = await fetch(`${this.baseUrl}/st/4/jobs/default/upload`, {
      method: 'POST',
      headers: { Authorization: this.auth },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()) as FileRecord;
  }

  /** Waits until a signed media URL answers 200 (thumbnails are made after the upload). */
  async waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await fetch(new URL(url, this.baseUrl));
      await response.arrayBuffer();
      if (response.ok) return;
      if (Date.now() > deadline) throw new Error(`${url} still answers ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** Waits for a movie's web encode (v-check ENCODED). */
  async waitForEncode(file: FileRecord, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { body } = await this.get<{ encodingStatus: string }>(
        `/st/4/jobs/${file.jobID}/files_by_id/${file.fileID}?sub=v-check`,
      );
      if (body.encodingStatus === 'ENCODED') return;
      if (body.encodingStatus === 'ERROR') throw new Error('encode failed');
      if (Date.now() > deadline) throw new Error(`still ${body.encodingStatus}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** A browser signed in the way a finished login leaves it: the device token in localStorage. */
  async browser(options: Parameters<typeof openBrowser>[0] = {}): Promise<BrowserSession> {
    const browser = await openBrowser(options);
    await browser.context.addInitScript((value) => localStorage.setItem('authToken', value), this.token);
    return browser;
  }
}
