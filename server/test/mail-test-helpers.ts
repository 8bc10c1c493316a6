import fs from 'node:fs';
import path from 'node:path';

/** Quoted-printable soft breaks and escapes undone, so assertions read the text as written. */
export const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The messages written to a data folder's outbox (no SMTP configured), oldest first, decoded. */
export function outboxMessages(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((name) => decodeQp(fs.readFileSync(path.join(outbox, name), 'utf8')));
}
