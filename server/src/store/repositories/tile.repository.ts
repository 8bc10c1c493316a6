import {
  TILE_ENCODINGS,
  TILE_FILE_TYPES,
  TILE_FLAG_SHIFT,
  TILE_MEDIA_KINDS,
} from '@nordlys/contract/timeline-tiles';
import { sql } from 'kysely';
import { ENCODING_STATUS } from '../../domain/encoding-status';
import type { Database, SelectArrays } from '../database';
import type { EncodeStatus } from '../schema';
import { type FileWindow, longNames, windowInReplyOrder } from './timeline.repository';

const indexOf = (column: string, values: readonly (string | undefined)[]) =>
  sql<number>`case ${sql.ref(column)} ${sql.join(
    values.flatMap((value, i) =>
      value === undefined ? [] : [sql`when ${sql.lit(value)} then ${sql.lit(i)}`],
    ),
    sql` `,
  )} else 0 end`;

const encodeStates = Object.keys(ENCODING_STATUS) as EncodeStatus[];
const encodingIndex = sql<number>`case files.encode_status ${sql.join(
  encodeStates.map(
    (state) => sql`when ${sql.lit(state)} then ${sql.lit(TILE_ENCODINGS.indexOf(ENCODING_STATUS[state]))}`,
  ),
  sql` `,
)} else 0 end`;

/**
 * encodeTileFlags computed by the database from the contract's own tables: one integer per row
 * instead of four strings, which is most of what reading a month's rows costs.
 */
const FLAGS = sql<number>`(${indexOf('files.file_type', TILE_FILE_TYPES)}
  + files.is_screenshot * ${sql.lit(1 << TILE_FLAG_SHIFT.screenshot)}
  + ${indexOf('files.media_kind', TILE_MEDIA_KINDS)} * ${sql.lit(1 << TILE_FLAG_SHIFT.mediaKind)}
  + case when files.file_type = ${sql.lit('Movies')} then ${encodingIndex} else 0 end * ${sql.lit(1 << TILE_FLAG_SHIFT.encoding)})`;

const TILE_COLUMNS = [
  'files.id',
  'files.content_sha256',
  'files.user_id',
  'files.file_name',
  'files.taken_at',
  FLAGS.as('flags'),
  'files.width',
  'files.height',
  'files.duration_ms',
  'files.thumbhash',
] as const;

/** One file of a tile listing, in TILE_COLUMNS order. */
export type TileRow = [
  id: string,
  contentSha256: string,
  userId: string,
  fileName: string,
  takenAt: number,
  flags: number,
  width: number | null,
  height: number | null,
  durationMs: number | null,
  thumbhash: string | null,
];

const NAME = 3;

/**
 * The timeline grid's read: a month of thousands of files, as arrays rather than one object per
 * row (most of the cost of the read), in the files listing's window and order.
 */
export function createTileRepository(db: Database, selectArrays: SelectArrays) {
  return {
    async listTiles(window: FileWindow, page: { limit: number; offset: number }): Promise<TileRow[]> {
      const query = windowInReplyOrder(db, window, page).select(TILE_COLUMNS).compile();
      const rows = (await selectArrays(query)) as TileRow[];
      const unnamed = rows.filter((row) => row[NAME] === null);
      const names = await longNames(
        db,
        unnamed.map((row) => row[0]),
      );
      for (const row of unnamed) row[NAME] = names.get(row[0])?.file_name ?? '';
      return rows;
    },
  };
}
