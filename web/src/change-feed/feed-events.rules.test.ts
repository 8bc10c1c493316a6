import {
  CHANGE_COMMENT,
  CHANGE_EVENT_MARKER,
  CHANGE_FILE_ADDED,
  CHANGE_FILE_REMOVED,
  CHANGE_REACTION,
} from '@nordlys/contract/job-changes';
import { describe, expect, it, vi } from 'vitest';
import { eventsAfter, toFeedEvents } from './feed-events.rules';

describe('the feed’s events', () => {
  it('reads each change code of the contract into its event', () => {
    const comment = { fileID: 'f1', comment: 'hi' };
    const reaction = { fileID: 'f1', user: 'u1', reaction: 'love', count: 1 };
    expect(
      toFeedEvents([
        { serial: 1, type: CHANGE_FILE_ADDED, id: 'f1', fields: {} },
        { serial: 2, type: CHANGE_FILE_REMOVED, id: 'f2', fields: {} },
        { serial: 3, type: CHANGE_COMMENT, id: 'c1', fields: comment },
        { serial: 4, type: CHANGE_REACTION, id: 'f1', fields: reaction },
        { serial: 5, type: CHANGE_EVENT_MARKER, id: 'album', fields: { setting: 'name' } },
      ]),
    ).toEqual([
      { kind: 'fileAdded', serial: 1, fileId: 'f1' },
      { kind: 'fileRemoved', serial: 2, fileId: 'f2' },
      { kind: 'commentSet', serial: 3, commentId: 'c1', comment },
      { kind: 'reaction', serial: 4, reaction },
      { kind: 'albumChanged', serial: 5 },
    ]);
  });

  it('logs a code it does not know and leaves it out', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toFeedEvents([{ serial: 1, type: 99, id: 'x', fields: {} }])).toEqual([]);
    expect(warn).toHaveBeenCalledWith('change type 99 is not known; ignored');
    warn.mockRestore();
  });

  it('keeps the events after a serial', () => {
    const events = toFeedEvents([
      { serial: 4, type: CHANGE_FILE_ADDED, id: 'a', fields: {} },
      { serial: 5, type: CHANGE_FILE_ADDED, id: 'b', fields: {} },
    ]);
    expect(eventsAfter(events, 4).map((event) => event.serial)).toEqual([5]);
  });
});
