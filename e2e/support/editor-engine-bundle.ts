import path from 'node:path';
import { build } from 'esbuild';

/**
 * The editor engine and its page-side test harness as one script for a blank page: the engine has no
 * route of its own to load it from, and a bundle keeps the browser tests independent of the web build.
 */
export async function bundleEditorEngine(
  entry = path.resolve(import.meta.dirname, 'editor-engine-page.ts'),
): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** A page holding the bundle and a 640 x 400 preview canvas. */
export const editorEnginePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Editor engine</title></head>
<body style="margin:0"><canvas id="preview" width="640" height="400"></canvas></body></html>`;
