import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { ffmpegLocation } from './ffmpeg-locator';

/**
 * Video posters and web-playable encodes with ffmpeg. ffmpeg runs as a child process at a lower
 * scheduling priority, so a long encode uses idle CPU and the HTTP server stays responsive. Inputs
 * are files, not pipes: MOV and many MP4s keep their index at the end and need a seekable input.
 */

/** Encodes are capped at 720p on the short edge (1280x720 landscape, 720x1280 portrait). */
export const MAX_SHORT_EDGE = 720;

export interface VideoProbe {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  pixelFormat: string | null;
  audioCodec: string | null;
  /** Degrees from the rotate tag or display matrix; ffmpeg applies it when re-encoding. */
  rotation: number;
}

/** ffmpeg could not read the input: a property of the file, so retrying will not help. */
export class UnreadableVideoError extends Error {
  override readonly name = 'UnreadableVideoError';
}

interface RunResult {
  code: number | null;
  stderr: string;
}

const STDERR_LIMIT = 64 * 1024;

/** Runs ffmpeg, keeping the tail of stderr for errors; `signal` kills it. */
export function runFfmpeg(args: string[], { signal }: { signal?: AbortSignal } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegLocation().path, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted in some containers; the encode still works at normal priority.
      }
    }
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_LIMIT * 2) stderr = stderr.slice(-STDERR_LIMIT);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr: stderr.slice(-STDERR_LIMIT) }));
  });
}

/** Parses the stream summary ffmpeg prints for `-i <file>` (there is no ffprobe in the package). */
export function parseFfmpegInfo(stderr: string): VideoProbe {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationMs = duration
    ? Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000)
    : null;
  const videoLine = /Stream #\d+:\d+[^:]*: Video: ([^\n]+)/.exec(stderr)?.[1] ?? null;
  const audioLine = /Stream #\d+:\d+[^:]*: Audio: ([^\n]+)/.exec(stderr)?.[1] ?? null;
  const size = videoLine ? /, (\d{2,5})x(\d{2,5})/.exec(videoLine) : null;
  // The pixel format is the first comma-separated field after the codec that names one.
  const pixelFormat = videoLine
    ? (videoLine
        .split(', ')
        .slice(1)
        .map((part) => part.split(/[ (]/)[0] ?? '')
        .find((part) => /^(yuv|yuvj|nv|rgb|bgr|gray|p0)\w*$/.test(part)) ?? null)
    : null;
  const rotate = /rotate\s*:\s*(-?\d+)/.exec(stderr) ?? /rotation of (-?\d+(?:\.\d+)?) degrees/.exec(stderr);
  return {
    durationMs,
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    videoCodec: videoLine ? (videoLine.split(/[ ,]/)[0] ?? null) : null,
    pixelFormat,
    audioCodec: audioLine ? (audioLine.split(/[ ,]/)[0] ?? null) : null,
    rotation: rotate ? Math.round(Number(rotate[1])) : 0,
  };
}

export async function probeVideo(input: string, opts: { signal?: AbortSignal } = {}): Promise<VideoProbe> {
  const { stderr } = await runFfmpeg(['-i', input], opts);
  const probe = parseFfmpegInfo(stderr);
  if (!probe.videoCodec || !probe.width || !probe.height) {
    throw new UnreadableVideoError(lastLine(stderr) || 'no video stream');
  }
  return probe;
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.trim() ?? '';
}

async function nonEmpty(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/**
 * One JPEG frame at about one second in (the first second is often black or a fade), or the
 * first frame of a clip shorter than two seconds or one whose seek finds nothing.
 */
export async function extractPoster(
  input: string,
  output: string,
  probe: VideoProbe,
  opts: { signal?: AbortSignal } = {},
): Promise<void> {
  const at = probe.durationMs !== null && probe.durationMs >= 2000 ? 1 : 0;
  const grab = (seconds: number) =>
    runFfmpeg(
      [
        '-y',
        '-ss',
        String(seconds),
        '-i',
        input,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-q:v',
        '3',
        '-f',
        'image2',
        output,
      ],
      opts,
    );
  let result = await grab(at);
  if ((result.code !== 0 || !(await nonEmpty(output))) && at !== 0) result = await grab(0);
  if (result.code !== 0 || !(await nonEmpty(output))) {
    throw new UnreadableVideoError(`no poster frame: ${lastLine(result.stderr)}`);
  }
}

/** Already H.264 (yuv420p) with AAC or no audio, at most 720p, upright: only the container needs work. */
export function canRemux(probe: VideoProbe): boolean {
  const shortEdge = Math.min(probe.width ?? Infinity, probe.height ?? Infinity);
  return (
    probe.videoCodec === 'h264' &&
    probe.pixelFormat === 'yuv420p' &&
    (probe.audioCodec === null || probe.audioCodec === 'aac') &&
    shortEdge <= MAX_SHORT_EDGE &&
    probe.rotation % 360 === 0
  );
}

// Scales so the short edge is at most 720, keeping the aspect ratio and even sizes (yuv420p needs them).
const SCALE_FILTER = [
  `scale=trunc(min(1\\,${MAX_SHORT_EDGE}/min(iw\\,ih))*iw/2)*2`,
  `trunc(min(1\\,${MAX_SHORT_EDGE}/min(iw\\,ih))*ih/2)*2`,
].join(':');

/**
 * A web-playable MP4: H.264 High (yuv420p) + AAC, index at the front (+faststart) so playback and
 * ranged previews start before the whole file arrives. Sources that already qualify are remuxed.
 */
export async function encodeWebMp4(
  input: string,
  output: string,
  probe: VideoProbe,
  opts: { signal?: AbortSignal } = {},
): Promise<{ remuxed: boolean }> {
  const remux = canRemux(probe);
  const codecArgs = remux
    ? ['-c', 'copy']
    : [
        '-vf',
        SCALE_FILTER,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-profile:v',
        'high',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
      ];
  const result = await runFfmpeg(
    [
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      ...codecArgs,
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    opts,
  );
  if (result.code !== 0 || !(await nonEmpty(output))) {
    throw new UnreadableVideoError(`encode failed: ${lastLine(result.stderr)}`);
  }
  return { remuxed: remux };
}
