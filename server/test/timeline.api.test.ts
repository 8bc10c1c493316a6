import { randomUUID } from 'node:crypto';
import type { FileRecord } from '@nordlys/contract/file';
import { TimelineFiles } from '@nordlys/contract/timeline';
import { expandTiles, type TimelineFile, TimelineTiles } from '@nordlys/contract/timeline-tiles';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { databaseKinds } from './test-database';
import { type Auth, api, uploadAt, utc } from './timeline-test-helpers';

const DAY = 24 * 60 * 60 * 1000;
const TIMELINE_FILE_KEYS = [
  'fileID',
  'jobID',
  'fileName',
  'timestamp',
  'duration',
  'size',
  'user_uuid',
  'file_type',
  'is_screenshot',
  'width',
  'height',
  'encodingStatus',
  'thumbURLSmall',
  'thumbURLTile',
  'thumbURLLarge',
  'thumbhash',
  'previewURL',
  'videoURL',
] as const satisfies readonly (keyof TimelineFile)[];

describe.each(databaseKinds)('timeline API on %s', (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let alice: Auth;
  const f: Record<string, FileRecord> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    http = api(t);
    alice = await t.signUp();
    const uploads: [string, string, number][] = [
      ['a', 'a.jpg', utc(2023, 7, 4)],
      ['b', 'b.jpg', utc(2023, 7, 20)],
      ['v', 'v.mp4', utc(2023, 7, 10)],
      ['s', 'screenshot_1.png', utc(2023, 7, 25)],
      ['d', 'notes.txt', utc(2023, 7, 1)],
      // Either side of a UTC year boundary.
      ['e', 'e.jpg', Math.floor(Date.UTC(2021, 11, 31, 23, 30) / 1000)],
      ['g', 'g.jpg', Math.floor(Date.UTC(2022, 0, 1, 0, 30) / 1000)],
      ['p', 'only.pdf', utc(2020, 1, 15)],
    ];
    for (const [key, name, mtime] of uploads) f[key] = await uploadAt(t, alice, name, mtime);
  }, 60_000);
  afterAll(async () => t?.close());

  const months = async (who: Auth, query = '') => {
    const res = await http.get(who, `/st/4/jobs/default/timeline/months${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().months;
  };
  const ids = (files: FileRecord[]) => files.map((file) => file.fileID);
  const id = (key: string) => (f[key] as FileRecord).fileID;

  it('summarises months by UTC capture time, newest first, with day ranges and counts per kind', async () => {
    expect(await months(alice)).toEqual([
      { year: 2023, month: 7, startDay: 4, endDay: 25, pictures: 3, videos: 1, screenshots: 1, documents: 1 },
      { year: 2022, month: 1, startDay: 1, endDay: 1, pictures: 1, videos: 0, screenshots: 0, documents: 0 },
      {
        year: 2021,
        month: 12,
        startDay: 31,
        endDay: 31,
        pictures: 1,
        videos: 0,
        screenshots: 0,
        documents: 0,
      },
      {
        year: 2020,
        month: 1,
        startDay: 15,
        endDay: 15,
        pictures: 0,
        videos: 0,
        screenshots: 0,
        documents: 1,
      },
    ]);
    const job = await http.job(alice);
    // The job id names the same timeline as 'default'.
    expect((await http.get(alice, `/st/4/jobs/${job.id}/timeline/months`)).json().months).toHaveLength(4);
  });

  it("sends the job's serial with the months, even for an empty timeline, so its change feed can start there", async () => {
    const carol = await t.signUp();
    const read = async () => {
      const res = await http.get(carol, '/st/4/jobs/default/timeline/months');
      expect(res.statusCode, res.body).toBe(200);
      return { months: res.json().months, serial: Number(res.headers['x-last-event-serial']) };
    };
    const empty = await read();
    expect(empty.months).toEqual([]);
    expect(Number.isInteger(empty.serial)).toBe(true);

    const added = await uploadAt(t, carol, 'first.jpg', utc(2019, 5, 5));
    const feed = await http.get(carol, `/st/4/jobs/default/changes?since=${empty.serial}`);
    expect(feed.json().changes.map((c: { id: string }) => c.id)).toEqual([added.fileID]);
    const after = await read();
    expect(after.serial).toBeGreaterThan(empty.serial);
    expect(after.months).toHaveLength(1);
  });

  it('filters months to images or videos', async () => {
    expect(await months(alice, '?filter=only_images')).toEqual([
      { year: 2023, month: 7, startDay: 4, endDay: 25, pictures: 3, videos: 0, screenshots: 1, documents: 0 },
      { year: 2022, month: 1, startDay: 1, endDay: 1, pictures: 1, videos: 0, screenshots: 0, documents: 0 },
      {
        year: 2021,
        month: 12,
        startDay: 31,
        endDay: 31,
        pictures: 1,
        videos: 0,
        screenshots: 0,
        documents: 0,
      },
    ]);
    expect(await months(alice, '?filter=only_videos')).toEqual([
      {
        year: 2023,
        month: 7,
        startDay: 10,
        endDay: 10,
        pictures: 0,
        videos: 1,
        screenshots: 0,
        documents: 0,
      },
    ]);
    expect(await months(alice, '?filter=all')).toHaveLength(4);
  });

  it('lists a month newest first with the serial and total headers, by type, paged', async () => {
    const july = `start=${utc(2023, 7, 1, 0)}&end=${utc(2023, 8, 1, 0) - 1}`;
    const job = await http.job(alice);
    const res = await http.get(alice, `/st/4/jobs/default/files?${july}&recursive=1`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().files)).toEqual([id('s'), id('b'), id('v'), id('a'), id('d')]);
    expect(res.headers['x-last-event-serial']).toBe(String(job.serial));
    expect(res.headers['x-total-items']).toBe('5');
    expect(res.json().files[0]).toMatchObject({
      fileName: 'screenshot_1.png',
      is_screenshot: true,
      timestamp: utc(2023, 7, 25),
    });

    const media = await http.get(alice, `/st/4/jobs/default/files?${july}&types=Pictures,Movies`);
    expect(ids(media.json().files)).toEqual([id('s'), id('b'), id('v'), id('a')]);
    expect(media.headers['x-total-items']).toBe('4');
    const docs = await http.get(alice, `/st/4/jobs/default/files?types=Documents`);
    expect(ids(docs.json().files)).toEqual([id('d'), id('p')]);

    const page = await http.get(alice, `/st/4/jobs/default/files?${july}&limit=2&offset=1`);
    expect(ids(page.json().files)).toEqual([id('b'), id('v')]);
    expect(page.headers['x-total-items']).toBe('5');

    // Both ends are inclusive, to the second.
    const edge = await http.get(
      alice,
      `/st/4/jobs/default/files?start=${utc(2023, 7, 20)}&end=${utc(2023, 7, 25)}`,
    );
    expect(ids(edge.json().files)).toEqual([id('s'), id('b')]);
    // A window that is not whole days is counted from the rows, a day-aligned one from the day
    // table: both must agree with the list.
    expect(edge.headers['x-total-items']).toBe('2');
    const days = await http.get(
      alice,
      `/st/4/jobs/default/files?start=${utc(2023, 7, 20, 0)}&end=${utc(2023, 7, 26, 0) - 1}`,
    );
    expect(ids(days.json().files)).toEqual([id('s'), id('b')]);
    expect(days.headers['x-total-items']).toBe('2');
    expect(docs.headers['x-total-items']).toBe('2');
  });

  it('lists each record as the single-file read shows it, names needing escapes and too long for the index included', async () => {
    const dora = await t.signUp();
    // Quotes and 2,008 bytes (kept out of PostgreSQL's index row).
    const names = ['quote "q" <&> \u2028.jpg', `${'ø'.repeat(500)}.jpg`, 'clip.mp4', 'plain.txt'];
    for (const [i, name] of names.entries()) await uploadAt(t, dora, name, utc(2022, 3, 1 + i));
    const res = await http.get(dora, '/st/4/jobs/default/files');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = res.json() as { files: FileRecord[] };
    expect(Value.Errors(TimelineFiles, listed)).toEqual([]);
    expect(listed.files.map((file) => file.fileName)).toEqual([...names].reverse());
    const job = await http.job(dora);
    for (const record of listed.files) {
      const single = await http.get(dora, `/st/4/jobs/${job.id}/files_by_id/${record.fileID}`);
      expect(single.statusCode, single.body).toBe(200);
      // The same fields with the same values (an absent field is not an undefined one).
      expect(Object.keys(record).sort()).toEqual(Object.keys(single.json()).sort());
      expect(record).toEqual(single.json());
    }
  });

  it('lists tiles: the files window as columns that expand to the records’ own fields and URLs', async () => {
    const windows = [
      `start=${utc(2023, 7, 1, 0)}&end=${utc(2023, 8, 1, 0) - 1}`,
      `start=${utc(2023, 7, 1, 0)}&end=${utc(2023, 8, 1, 0) - 1}&types=Pictures,Movies&limit=2&offset=1`,
      'types=Documents',
      '',
    ];
    for (const query of windows) {
      const full = await http.get(alice, `/st/4/jobs/default/files?${query}`);
      const tiles = await http.get(alice, `/st/4/jobs/default/timeline/tiles?${query}`);
      expect(tiles.statusCode, tiles.body).toBe(200);
      expect(tiles.headers['x-total-items']).toBe(full.headers['x-total-items']);
      expect(tiles.headers['x-last-event-serial']).toBe(full.headers['x-last-event-serial']);
      const records = full.json().files as FileRecord[];
      const expanded = expandTiles(tiles.json() as TimelineTiles);
      expect(expanded.map((file) => file.fileID)).toEqual(ids(records));
      expect(expanded).toEqual(
        records.map((record) => {
          const picked: Record<string, unknown> = {};
          for (const key of TIMELINE_FILE_KEYS) {
            if (record[key] !== undefined) picked[key] = record[key];
          }
          return picked;
        }),
      );
    }
    const video = (
      await http.get(
        alice,
        `/st/4/jobs/default/timeline/tiles?start=${utc(2023, 7, 10)}&end=${utc(2023, 7, 10)}`,
      )
    ).json() as TimelineTiles;
    const [movie] = expandTiles(video);
    expect(movie).toMatchObject({ fileID: id('v'), file_type: 'Movies', videoURL: expect.any(String) });
    expect(movie?.encodingStatus).toBeDefined();
    expect(video.users).toEqual([(f.a as FileRecord).user_uuid]);
    // The URLs built from a tile are the signed ones: they load without an auth header.
    const [shot] = expandTiles(
      (
        await http.get(
          alice,
          `/st/4/jobs/default/timeline/tiles?start=${utc(2023, 7, 25)}&end=${utc(2023, 7, 25)}`,
        )
      ).json() as TimelineTiles,
    );
    expect(shot?.is_screenshot).toBe(true);
    const previewURL = String(shot?.previewURL);
    const preview = await t.app.inject({ url: previewURL });
    expect(preview.statusCode).toBe(200);
    const forged = await t.app.inject({ url: previewURL.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.statusCode).not.toBe(200);
  });

  it('lists tiles of names too long for the timeline index, and of an empty window', async () => {
    const carol = await t.signUp();
    // 2,008 bytes of path and name: PostgreSQL's timeline index keeps such names out of the row.
    const longName = `${'ø'.repeat(500)}.jpg`;
    const old = await uploadAt(t, carol, 'scan.jpg', Math.floor(Date.UTC(1970, 0, 1, 0, 0, 1, 999) / 1000));
    const long = await uploadAt(t, carol, longName, utc(2024, 2, 29));
    expect(old.timestamp).toBe(1);
    expect(long.fileName).toBe(longName);
    const full = await http.get(carol, '/st/4/jobs/default/files');
    const tiles = await http.get(carol, '/st/4/jobs/default/timeline/tiles');
    expect(tiles.statusCode, tiles.body).toBe(200);
    expect(tiles.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = tiles.json() as TimelineTiles;
    expect(Value.Errors(TimelineTiles, listed)).toEqual([]);
    expect(listed.users).toEqual([long.user_uuid]);
    expect(expandTiles(listed).map((file) => [file.fileID, file.fileName, file.timestamp])).toEqual(
      (full.json().files as FileRecord[]).map((record) => [record.fileID, record.fileName, record.timestamp]),
    );
    expect(listed.fileID).toEqual([long.fileID, old.fileID]);
    // An empty window is a listing with no files, not an error.
    const none = await http.get(
      carol,
      `/st/4/jobs/default/timeline/tiles?start=${utc(2000, 1, 1)}&end=${utc(2000, 1, 2)}`,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ fileID: [], users: [], user: [], thumbhash: [] });
    expect(none.json().sig).toEqual(expect.any(String));
  });

  it('orders files captured in the same second by id, and filters by upload time', async () => {
    const bob = await t.signUp();
    const when = utc(2019, 5, 5);
    const same = [
      await uploadAt(t, bob, 'x1.jpg', when),
      await uploadAt(t, bob, 'x2.jpg', when),
      await uploadAt(t, bob, 'x3.jpg', when),
    ];
    const res = await http.get(bob, `/st/4/jobs/default/files?start=${when}&end=${when}`);
    expect(ids(res.json().files)).toEqual(ids(same).sort());
    const uploadedAt = Math.min(...same.map((file) => file.uploadedTime));
    expect(
      (await http.get(bob, `/st/4/jobs/default/files?uploaded_since=${uploadedAt}`)).json().files,
    ).toHaveLength(3);
    const future = await http.get(bob, `/st/4/jobs/default/files?uploaded_since=${uploadedAt + 3600}`);
    expect(future.json().files).toEqual([]);
    expect(future.headers['x-total-items']).toBe('0');
  });

  it('answers timeline stats (picture_count without screenshots)', async () => {
    const res = await http.get(alice, '/st/4/jobs/default/stats');
    expect(res.json()).toEqual({ picture_count: 4, video_count: 1, screenshot_count: 1, document_count: 2 });
  });

  it('keeps months exact through deletes: counts and day ranges shrink, empty months go', async () => {
    const carol = await t.signUp();
    const early = await uploadAt(t, carol, 'early.jpg', utc(2018, 3, 2));
    const late = await uploadAt(t, carol, 'late.jpg', utc(2018, 3, 28));
    const alone = await uploadAt(t, carol, 'alone.mp4', utc(2017, 1, 9));
    const del = (fileId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/st/4/jobs/default/files_by_id/${fileId}`,
        headers: { authorization: carol.auth },
      });
    expect((await del(late.fileID)).statusCode).toBe(200);
    expect(await months(carol)).toEqual([
      { year: 2018, month: 3, startDay: 2, endDay: 2, pictures: 1, videos: 0, screenshots: 0, documents: 0 },
      { year: 2017, month: 1, startDay: 9, endDay: 9, pictures: 0, videos: 1, screenshots: 0, documents: 0 },
    ]);
    expect((await del(alone.fileID)).statusCode).toBe(200);
    expect(await months(carol)).toEqual([
      { year: 2018, month: 3, startDay: 2, endDay: 2, pictures: 1, videos: 0, screenshots: 0, documents: 0 },
    ]);
    expect((await http.get(carol, '/st/4/jobs/default/stats')).json()).toEqual({
      picture_count: 1,
      video_count: 0,
      screenshot_count: 0,
      document_count: 0,
    });
    expect(early.fileID).toBeTruthy();
  });

  it('answers changes since a serial: adds and removes in order, with the current serial', async () => {
    const dave = await t.signUp();
    const before = await http.job(dave);
    const one = await uploadAt(t, dave, 'one.jpg', utc(2022, 2, 2));
    const two = await uploadAt(t, dave, 'two.txt', utc(2022, 2, 3));
    await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/default/files_by_id/${one.fileID}`,
      headers: { authorization: dave.auth },
    });
    const res = await http.get(dave, `/st/4/jobs/default/changes?since=${before.serial}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.serial).toBe((await http.job(dave)).serial);
    expect(body.changes.map((c: { type: number; id: string }) => [c.type, c.id])).toEqual([
      [0, one.fileID],
      [0, two.fileID],
      [1, one.fileID],
    ]);
    expect(body.changes[0]).toMatchObject({
      serial: before.serial + 1,
      fields: { path: 'one.jpg', checksum: one.checksum },
    });
    const later = (await http.get(dave, `/st/4/jobs/default/changes?since=${body.serial}`)).json();
    expect(later).toEqual({ serial: body.serial, changes: [] });
    // A since past the end is answered with the real serial so the client can catch up.
    expect((await http.get(dave, `/st/4/jobs/default/changes?since=${body.serial + 50}`)).json().serial).toBe(
      body.serial,
    );
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const cases: [string, RegExp][] = [
      [`/st/4/jobs/default/files?start=${utc(2023, 7, 2)}&end=${utc(2023, 7, 1)}`, /querystring\.end/],
      ['/st/4/jobs/default/files?start=yesterday', /querystring\.start/],
      ['/st/4/jobs/default/files?types=Pictures,Songs', /querystring\.types/],
      ['/st/4/jobs/default/files?limit=0', /querystring\.limit/],
      ['/st/4/jobs/default/files?limit=10001', /querystring\.limit/],
      ['/st/4/jobs/default/files?offset=-1', /querystring\.offset/],
      ['/st/4/jobs/default/files?recursive=maybe', /querystring\.recursive/],
      [
        `/st/4/jobs/default/timeline/tiles?start=${utc(2023, 7, 2)}&end=${utc(2023, 7, 1)}`,
        /querystring\.end/,
      ],
      ['/st/4/jobs/default/timeline/tiles?limit=10001', /querystring\.limit/],
      ['/st/4/jobs/default/timeline/tiles?types=Songs', /querystring\.types/],
      ['/st/4/jobs/default/timeline/months?filter=recents_7', /querystring\.filter/],
      ['/st/4/jobs/default/changes?since=-1', /querystring\.since/],
    ];
    for (const [url, field] of cases) {
      const res = await http.get(alice, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(field);
    }
  });

  it('denies every read without auth (401) and on another user’s or an unknown job (404)', async () => {
    const mallory = await t.signUp();
    const job = await http.job(alice);
    const paths = ['timeline/months', 'files', 'timeline/tiles', 'recents', 'stats', 'changes'];
    for (const path of paths) {
      expect((await http.get(null, `/st/4/jobs/default/${path}`)).statusCode, path).toBe(401);
      expect((await http.get(null, `/st/4/jobs/${job.id}/${path}`)).statusCode, path).toBe(401);
      const theirs = await http.get(mallory, `/st/4/jobs/${job.id}/${path}`);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.body).not.toContain(id('a'));
      expect((await http.get(mallory, `/st/4/jobs/${randomUUID()}/${path}`)).statusCode, path).toBe(404);
      expect((await http.get(mallory, `/st/4/jobs/not-a-job/${path}`)).statusCode, path).toBe(404);
    }
    // Mallory's own timeline shows none of Alice's files.
    expect(await months(mallory)).toEqual([]);
    expect((await http.get(mallory, '/st/4/jobs/default/files')).json().files).toEqual([]);
  });
});

describe.each(databaseKinds)('recent uploads on %s', (kind) => {
  let t: TestApp;
  let now = Date.UTC(2025, 5, 15, 12);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now });
  });
  afterAll(async () => t?.close());

  it('counts pictures and videos uploaded in the last 1, 7 and 30 days by the clock', async () => {
    const erin = await t.signUp();
    const base = now;
    const at = async (offsetMs: number, name: string) => {
      now = base - offsetMs;
      return uploadAt(t, erin, name, utc(2010, 1, 1));
    };
    await at(40 * DAY, 'old.jpg');
    await at(20 * DAY, 'month.mp4');
    await at(6 * DAY, 'week.jpg');
    await at(2 * 60 * 60 * 1000, 'today.jpg');
    await at(60 * 60 * 1000, 'today.txt');
    const trashed = await at(30 * 60 * 1000, 'trashed.jpg');
    now = base;
    await t.app.inject({
      method: 'DELETE',
      url: `/st/4/jobs/default/files_by_id/${trashed.fileID}`,
      headers: { authorization: erin.auth },
    });
    const res = await api(t).get(erin, '/st/4/jobs/default/recents');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recents_1: 1, recents_7: 2, recents_30: 3 });
    // A day later today's upload has left the last day and the six-day-old one the last week.
    now = base + DAY + 1000;
    expect((await api(t).get(erin, '/st/4/jobs/default/recents')).json()).toEqual({
      recents_1: 0,
      recents_7: 1,
      recents_30: 3,
    });
  });
});
