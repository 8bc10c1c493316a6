import {
  TILE_ENCODINGS,
  TILE_FILE_TYPES,
  TILE_FLAG_SHIFT,
  TILE_MEDIA_KINDS,
} from '@nordlys/contract/timeline-tiles';
import { type RawBuilder, sql } from 'kysely';
import { ENCODING_STATUS, type EncodeStatus } from '../../domain/encoding-status';
import type { Database, Dialect } from '../database';
import { type FileWindow, windowInReplyOrder } from './timeline.repository';

const indexOf = (column: RawBuilder<unknown>, values: readonly (string | undefined)[]) =>
  sql<number>`case ${column} ${sql.join(
    values.flatMap((value, i) =>
      value === undefined ? [] : [sql`when ${sql.lit(value)} then ${sql.lit(i)}`],
    ),
    sql` `,
  )} else 0 end`;

const encodeStates = Object.keys(ENCODING_STATUS) as EncodeStatus[];

const col = (name: string) => sql.ref(`tile.${name}`);

const ENCODING_INDEX = sql<number>`case ${col('encode_status')} ${sql.join(
  encodeStates.map(
    (state) => sql`when ${sql.lit(state)} then ${sql.lit(TILE_ENCODINGS.indexOf(ENCODING_STATUS[state]))}`,
  ),
  sql` `,
)} else 0 end`;

/** encodeTileFlags, computed by the database from the contract's own tables. */
const FLAGS = sql<number>`(${indexOf(col('file_type'), TILE_FILE_TYPES)}
  + ${col('is_screenshot')} * ${sql.lit(1 << TILE_FLAG_SHIFT.screenshot)}
  + ${indexOf(col('media_kind'), TILE_MEDIA_KINDS)} * ${sql.lit(1 << TILE_FLAG_SHIFT.mediaKind)}
  + case when ${col('file_type')} = ${sql.lit('Movies')} then ${ENCODING_INDEX} else 0 end
    * ${sql.lit(1 << TILE_FLAG_SHIFT.encoding)})`;

/** Epoch seconds, as the records' `timestamp`: capture times are never before 1970 (uploads refuse them). */
const TIMESTAMP = sql<number>`${col('taken_at')} / 1000`;

/** Whole seconds, rounded as the records' `duration`; 0 for no duration. */
const DURATION = sql<number>`coalesce((${col('duration_ms')} + 500) / 1000, 0)`;

/** Names too long for timeline_files (null there) come from `files`, only for those rows. */
const FILE_NAME = sql<string>`coalesce(${col('file_name')},
  (select long_name.file_name from files as long_name where long_name.id = ${col('id')}))`;

/**
 * A window's tiles as the JSON text of each column, built by the database in one aggregate over
 * the window in reply order. A month is thousands of files: reading them as rows and encoding
 * them again costs the server more than the database spends building the arrays, which go into
 * the reply as they are. Only the uploaders are parsed (to index them).
 */
export interface TileColumnsJson {
  fileID: string;
  fileName: string;
  timestamp: string;
  duration: string;
  size: string;
  flags: string;
  width: string;
  height: string;
  thumbhash: string;
  /** Per file, null when the job's owner uploaded it, else the uploader's id. */
  uploader: string;
}

type ColumnKind = 'text' | 'integer';

/** Each column's value per row, and how it is turned into JSON. */
const tileColumnsFor = (
  ownerId: string,
): Record<keyof TileColumnsJson, [RawBuilder<unknown>, ColumnKind]> => ({
  fileID: [col('id'), 'text'],
  fileName: [FILE_NAME, 'text'],
  timestamp: [TIMESTAMP, 'integer'],
  duration: [DURATION, 'integer'],
  size: [col('size'), 'integer'],
  flags: [FLAGS, 'integer'],
  width: [col('width'), 'integer'],
  height: [col('height'), 'integer'],
  thumbhash: [col('thumbhash'), 'text'],
  uploader: [sql`case when ${col('user_id')} = ${ownerId} then null else ${col('user_id')} end`, 'text'],
});

/**
 * A JSON array of one value per row, in the rows' order. PostgreSQL's json_agg spends most of
 * its time on per-value type dispatch, so integer columns are joined as text there.
 */
function jsonArray(dialect: Dialect, value: RawBuilder<unknown>, kind: ColumnKind) {
  if (dialect === 'sqlite') return sql<string>`json_group_array(${value})`;
  if (kind === 'text') return sql<string>`coalesce(json_agg(${value})::text, '[]')`;
  return sql<string>`'[' || coalesce(string_agg(coalesce((${value})::text, 'null'), ','), '') || ']'`;
}

export function createTileRepository(db: Database, dialect: Dialect) {
  return {
    async tileColumns(
      window: FileWindow,
      page: { limit: number; offset: number },
      ownerId: string,
    ): Promise<TileColumnsJson> {
      const rows = windowInReplyOrder(db, window, page)
        .select([
          'files.id',
          'files.user_id',
          'files.file_name',
          'files.taken_at',
          'files.file_type',
          'files.is_screenshot',
          'files.media_kind',
          'files.encode_status',
          'files.width',
          'files.height',
          'files.duration_ms',
          'files.size',
          'files.thumbhash',
        ])
        .as('tile');
      const columns = Object.entries(tileColumnsFor(ownerId)).map(([name, [value, kind]]) =>
        jsonArray(dialect, value, kind).as(name),
      );
      // Every array comes from the same pass over the rows, so they agree with one another. The
      // window is a LIMIT subquery, read in its ORDER BY before the aggregate (neither database
      // flattens it), which makes that pass the reply order; the API tests check it.
      return (await db
        .selectFrom(rows)
        .select(columns)
        .executeTakeFirstOrThrow()) as unknown as TileColumnsJson;
    },
  };
}
