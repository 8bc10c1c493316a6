import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/support/browser';
import { freePort } from './server-process';

export interface DebuggableChromium {
  /** The DevTools port, for tools that drive the browser themselves (Lighthouse). */
  port: number;
  /** Runs `expression` in a tab of the default profile opened on `url`, then closes the tab. */
  evaluateOn(url: string, expression: string): Promise<void>;
  stop(): Promise<void>;
}

interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

/**
 * Debian's Chromium on a fresh profile with its DevTools port open. Lighthouse opens its own tab in
 * the default profile, whose local storage `evaluateOn` writes first (the web app's sign-in).
 * Nothing else stays attached, so nothing but Lighthouse emulates or throttles the measured tab.
 */
export async function startDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'nordlys-bench-chromium-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const devtools = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${devtools}/json/version`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('chromium did not open its DevTools port within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  async function evaluateOn(url: string, expression: string): Promise<void> {
    const target = (await (
      await fetch(`${devtools}/json/new?${encodeURI(url)}`, { method: 'PUT' })
    ).json()) as Target;
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    let nextId = 0;
    const call = (method: string, params: Record<string, unknown>) =>
      new Promise<{ result?: { result?: { value?: unknown } }; error?: { message: string } }>((resolve) => {
        nextId += 1;
        const id = nextId;
        const onMessage = (event: MessageEvent) => {
          const message = JSON.parse(String(event.data)) as { id?: number };
          if (message.id !== id) return;
          socket.removeEventListener('message', onMessage);
          resolve(message as never);
        };
        socket.addEventListener('message', onMessage);
        socket.send(JSON.stringify({ id, method, params }));
      });
    try {
      // The tab opens on `url` by itself; its storage is the origin's once the document has loaded.
      const deadline = Date.now() + 30_000;
      const origin = new URL(url).origin;
      for (;;) {
        const state = await call('Runtime.evaluate', {
          expression: `document.readyState === 'complete' && location.origin === ${JSON.stringify(origin)}`,
          returnByValue: true,
        });
        if (state.result?.result?.value === true) break;
        if (Date.now() > deadline) throw new Error(`${url} did not load within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const reply = await call('Runtime.evaluate', { expression, returnByValue: true });
      if (reply.error) throw new Error(`evaluate on ${url}: ${reply.error.message}`);
    } finally {
      socket.close();
      await fetch(`${devtools}/json/close/${target.id}`);
    }
  }

  return { port, evaluateOn, stop };
}
