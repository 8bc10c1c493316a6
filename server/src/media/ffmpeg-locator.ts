import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/**
 * Which ffmpeg the media pipeline runs. A system ffmpeg is preferred: the distribution patches it
 * for security and it decodes more formats than the packaged static build of 2018, which stays as
 * the fallback so that `npm ci` alone gives a working server.
 */
export type FfmpegSource = 'env' | 'system' | 'packaged';

export interface FfmpegLocation {
  path: string;
  source: FfmpegSource;
}

type Env = Record<string, string | undefined>;

const isExecutableFile = (file: string): boolean => {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Why FFMPEG_PATH cannot be used, or null when it names an executable file (or is unset). */
export function ffmpegPathProblem(env: Env): string | null {
  const named = env.FFMPEG_PATH?.trim();
  if (!named) return null;
  if (!path.isAbsolute(named)) return `FFMPEG_PATH must be an absolute path (got "${named}")`;
  if (!isExecutableFile(named)) return `FFMPEG_PATH must name an executable file (got "${named}")`;
  return null;
}

/**
 * FFMPEG_PATH when set (it must be an executable file: a wrong path is a start error, never a
 * silent fallback), else the first `ffmpeg` on PATH, else the packaged build.
 */
export function locateFfmpeg(
  env: Env = process.env,
  packagedPath: string = ffmpegInstaller.path,
): FfmpegLocation {
  const problem = ffmpegPathProblem(env);
  if (problem) throw new Error(problem);
  const named = env.FFMPEG_PATH?.trim();
  if (named) return { path: named, source: 'env' };
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, 'ffmpeg');
    if (isExecutableFile(candidate)) return { path: candidate, source: 'system' };
  }
  return { path: packagedPath, source: 'packaged' };
}

let current: FfmpegLocation | undefined;

/** The ffmpeg of this process, located on first use from its environment. */
export function ffmpegLocation(): FfmpegLocation {
  current ??= locateFfmpeg();
  return current;
}

/** "6.1.1-3ubuntu5" from `ffmpeg -version`'s first line; null when it does not run. */
export function ffmpegVersion(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => {
      if (error) return resolve(null);
      resolve(/^ffmpeg version (\S+)/m.exec(String(stdout))?.[1] ?? null);
    });
  });
}

let described: Promise<FfmpegLocation & { version: string | null }> | undefined;

/** The ffmpeg in use with its version, for the health answer; asked of ffmpeg once per process. */
export function describeFfmpeg(): Promise<FfmpegLocation & { version: string | null }> {
  described ??= (async () => {
    const location = ffmpegLocation();
    return { ...location, version: await ffmpegVersion(location.path) };
  })();
  return described;
}
