import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { stubResizeObserver } from '../../test/resize-observer';
import { CommentsPanel, type CommentsPanelProps } from './comments-panel.component';
import { rememberGuest } from './pending-comment.storage';

beforeEach(() => {
  stubResizeObserver();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

// 28 November 2026, 14:30 UTC.
const TAKEN = Date.UTC(2026, 10, 28, 14, 30) / 1000;
const lake = { fileID: 'f1', fileName: 'lake.jpg', timestamp: TAKEN, thumbURLSmall: '/thumbs/f1-small.jpg' };
const noComments = { fileID: 'f1', comments: [], loves: { fileID: 'f1', count: 0, mine: false }, serial: 1 };

const panel = (props: Partial<CommentsPanelProps>) => (
  <CommentsPanel
    variant="page"
    albumId="a1"
    fileId="f1"
    userId={null}
    password={null}
    onClose={() => undefined}
    signIn={() => undefined}
    useChangeFeed={() => undefined}
    {...props}
  />
);

describe('the comments say which file they are on', () => {
  it('reads the file on the comments page, as the visitor, and shows its name, date and thumbnail', async () => {
    rememberGuest('a1', { token: 'guest-token', name: 'Vera', id: 'g1' });
    const calls = fakeApi({
      'GET /jobs/a1/files_by_id/f1/comments': jsonResponse(noComments),
      'GET /jobs/a1/files_by_id/f1': jsonResponse({ ...lake, jobID: 'a1' }),
    });
    const { container } = render(panel({}));
    await screen.findByText('lake.jpg');
    const date = container.querySelector('.comments__subject-date');
    expect(date?.getAttribute('dateTime')).toBe('2026-11-28T14:30:00.000Z');
    expect(date?.textContent).toContain('2026');
    expect(container.querySelector('.comments__subject img')?.getAttribute('src')).toBe(
      '/thumbs/f1-small.jpg',
    );
    const fileCall = calls.find((call) => call.path === '/jobs/a1/files_by_id/f1');
    expect(Object.values(fileCall?.headers ?? {})).toContain('guest-token');
  });

  it('uses the file it is given without asking for it', async () => {
    const calls = fakeApi({ 'GET /jobs/a1/files_by_id/f1/comments': jsonResponse(noComments) });
    render(panel({ variant: 'panel', file: lake }));
    await screen.findByText('No comments yet. Say something nice!');
    expect(screen.getByText('lake.jpg')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/jobs/a1/files_by_id/f1/comments']);
  });

  it('still shows the comments when the file cannot be read', async () => {
    const calls = fakeApi({ 'GET /jobs/a1/files_by_id/f1/comments': jsonResponse(noComments) });
    const { container } = render(panel({}));
    await screen.findByText('No comments yet. Say something nice!');
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/jobs/a1/files_by_id/f1'));
    // The refusal has been answered and settled by now.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('.comments__subject')).toBeNull();
  });
});
