import { ALBUM_PASSWORD_HEADER } from '@nordlys/contract/album';
import {
  CHANGE_COMMENT,
  CHANGE_FILE_REMOVED,
  CHANGE_REACTION,
  type CommentChangeFields,
  type ReactionChangeFields,
} from '@nordlys/contract/job-changes';
import { Heart, MoreHorizontal, X } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CommentAccess,
  deleteComment,
  editComment,
  fetchAlbumChanges,
  fetchCommentedFile,
  fetchComments,
  postComment,
  setLove,
} from '../../api/comments.api';
import type { ChangeFeedHook } from '../../api/job-feed.api';
import { Button, IconButton } from '../../ui/button';
import { Menu } from '../../ui/menu';
import { Spinner } from '../../ui/spinner';
import { type CommentedFile, CommentSubject } from './comment-subject.component';
import { canSubmit, initialSubmission, submissionReducer } from './comment-submission.reducer';
import type { UserAction } from './comment-user-action.reducer';
import { fileCommentsReducer, initialFileComments, type ShownComment } from './file-comments.reducer';
import { nameGuest } from './guest-identity';
import { NamePrompt } from './name-prompt.component';
import { holdPendingComment, rememberedGuest, takePendingComment } from './pending-comment.storage';
import './comments.css';

/** core.md §2: the list is redrawn this often (relative times move on). */
const REDRAW_MS = 10_000;
/** The unloved heart's animation plays before the love is registered. */
const LOVE_ANIMATION_MS = 400;
const isDesktop = () => globalThis.matchMedia?.('(min-width: 600px)').matches ?? true;

export type { ChangeFeedHook } from '../../api/job-feed.api';

export interface CommentsPanelProps {
  albumId: string;
  fileId: string;
  /** The file itself when the caller has it; otherwise the panel reads it. */
  file?: CommentedFile | null;
  /** The signed-in user's id; null for a visitor. */
  userId: string | null;
  /** A password album's transformed password, when the visitor gave it. */
  password: string | null;
  onClose(): void;
  /** Starts sign-in (or registration) and comes back here. */
  signIn(create: boolean): void;
  useChangeFeed: ChangeFeedHook;
  /** The side panel in the viewer, or the comments page. */
  variant: 'page' | 'panel';
}

function useRelativeTime() {
  const { i18n, t } = useTranslation('comments');
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(redraw, REDRAW_MS);
    return () => clearInterval(timer);
  }, []);
  return (at: number) => {
    const seconds = Math.round((Date.now() - at) / 1000);
    if (seconds < 60) return t('justNow');
    const format = new Intl.RelativeTimeFormat(i18n.language.replace('_', '-'), { numeric: 'auto' });
    if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
    if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
    return new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' }).format(at);
  };
}

/** core.md §2 Comments page / panel: the comments and loves of one album file. */
export function CommentsPanel(props: CommentsPanelProps) {
  const { albumId, fileId, file, userId, password, onClose, signIn, useChangeFeed, variant } = props;
  const { t } = useTranslation('comments');
  const [state, dispatch] = useReducer(fileCommentsReducer, initialFileComments);
  const [submission, submit] = useReducer(submissionReducer, initialSubmission);
  const [guest, setGuest] = useState(() => (userId ? null : rememberedGuest(albumId)));
  const [prompt, setPrompt] = useState<null | { kind: 'comment' | 'love' }>(null);
  const [serial, setSerial] = useState<number | null>(null);
  const [loveAnimating, setLoveAnimating] = useState(false);
  const serialRef = useRef<number | null>(null);
  const when = useRelativeTime();
  const access: CommentAccess = { password, guestToken: guest?.token ?? null };
  const accessRef = useRef(access);
  accessRef.current = access;
  const me = userId ?? guest?.id ?? null;
  const canAct = me !== null;

  const load = useCallback(async () => {
    try {
      const data = await fetchComments(albumId, fileId, accessRef.current);
      dispatch({ type: 'loaded', data, me });
      serialRef.current = data.serial;
      setSerial(data.serial);
    } catch {
      dispatch({ type: 'loadFailed' });
    }
  }, [albumId, fileId, me]);
  useEffect(() => void load(), [load]);

  const [readFile, setReadFile] = useState<CommentedFile | null>(null);
  useEffect(() => {
    if (file) return;
    const controller = new AbortController();
    // Without it the comments still work; only the line saying which file they are on is missing.
    fetchCommentedFile(albumId, fileId, accessRef.current, controller.signal).then(setReadFile, () => {});
    return () => controller.abort();
  }, [albumId, fileId, file]);
  const subject = file ?? (readFile?.fileID === fileId ? readFile : null);

  const lookup = useCallback(
    async (signal: AbortSignal) => {
      const since = serialRef.current ?? 0;
      const feed = await fetchAlbumChanges(albumId, since, accessRef.current, signal);
      let applied = 0;
      for (const change of feed.changes) {
        applied += 1;
        const fields = change.fields as Record<string, unknown>;
        if (change.type === CHANGE_COMMENT && fields.fileID === fileId) {
          dispatch({
            type: 'commentChanged',
            id: change.id,
            fields: fields as unknown as CommentChangeFields,
          });
        } else if (change.type === CHANGE_REACTION && fields.fileID === fileId) {
          dispatch({ type: 'reactionChanged', fields: fields as unknown as ReactionChangeFields });
        } else if (change.type === CHANGE_FILE_REMOVED && change.id === fileId) {
          onClose();
        } else if (change.type > CHANGE_REACTION) {
          console.warn(`change type ${change.type} is not known; ignored`);
        }
      }
      serialRef.current = Math.max(since, feed.serial);
      return { applied, serial: serialRef.current };
    },
    [albumId, fileId, onClose],
  );
  useChangeFeed(albumId, serial, lookup, password ? { [ALBUM_PASSWORD_HEADER]: password } : undefined);

  const send = useCallback(
    async (text: string) => {
      submit({ type: 'submitted' });
      try {
        const comment = await postComment(albumId, fileId, text, accessRef.current);
        dispatch({ type: 'posted', comment });
        submit({ type: 'succeeded' });
      } catch {
        submit({ type: 'failed' });
      }
    },
    [albumId, fileId],
  );

  const love = useCallback(
    async (next: boolean) => {
      dispatch({ type: 'loveRequested', love: next });
      try {
        const loves = await setLove(albumId, fileId, next, accessRef.current);
        dispatch({ type: 'loveSettled', count: loves.count, mine: loves.mine });
      } catch {
        dispatch({ type: 'loveFailed' });
      }
    },
    [albumId, fileId],
  );

  const startLove = () => {
    if (!canAct) return setPrompt({ kind: 'love' });
    if (state.loves.mine) return void love(false);
    // An unloved heart animates, then registers.
    setLoveAnimating(true);
    setTimeout(() => {
      setLoveAnimating(false);
      void love(true);
    }, LOVE_ANIMATION_MS);
  };

  // What a visitor asked for before signing in is done once signed in (a failure is reverted).
  useEffect(() => {
    if (!userId || state.status !== 'ready') return;
    const pending = takePendingComment(albumId, fileId);
    if (!pending) return;
    if (pending.kind === 'love') void love(true);
    else if (pending.text) {
      submit({ type: 'typed', text: pending.text });
      void send(pending.text);
    }
  }, [userId, state.status, albumId, fileId, love, send]);

  const post = () => {
    if (!canSubmit(submission)) return;
    if (!canAct) return setPrompt({ kind: 'comment' });
    void send(submission.text.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && isDesktop()) {
      event.preventDefault();
      post();
    }
  };

  const named = async (name: string) => {
    const next = await nameGuest(albumId, name, password);
    accessRef.current = { password, guestToken: next.token };
    setGuest(next);
    const asked = prompt;
    setPrompt(null);
    if (asked?.kind === 'love') await love(true);
    else if (asked?.kind === 'comment' && canSubmit(submission)) await send(submission.text.trim());
  };

  const goSignIn = (create: boolean) => {
    const asked = prompt;
    if (asked?.kind === 'love') holdPendingComment({ albumId, fileId, kind: 'love' });
    else if (asked?.kind === 'comment')
      holdPendingComment({ albumId, fileId, kind: 'comment', text: submission.text.trim() });
    signIn(create);
  };

  const pending = submission.status === 'PENDING';
  return (
    <section className={`comments comments--${variant}`} aria-labelledby="comments-title">
      <header className="comments__header">
        <h2 id="comments-title" className="comments__title">
          {t('title')}
        </h2>
        <button
          type="button"
          className={`comments__love${state.loves.mine ? ' comments__love--on' : ''}${loveAnimating ? ' comments__love--animating' : ''}`}
          aria-pressed={state.loves.mine}
          onClick={startLove}
        >
          <Heart
            aria-hidden="true"
            size={20}
            fill={state.loves.mine || loveAnimating ? 'currentColor' : 'none'}
          />
          <span className="comments__hidden">{state.loves.mine ? t('unlove') : t('love')}, </span>
          <span className="comments__love-count">{t('loves', { count: state.loves.count })}</span>
        </button>
        <IconButton label={t('close')} icon={<X size={20} />} onClick={onClose} />
      </header>
      {subject && <CommentSubject file={subject} />}
      <div className="comments__list" aria-live="polite">
        {state.status === 'loading' && <Spinner label={t('loading')} />}
        {state.status === 'failed' && (
          <p className="comments__empty">
            {t('loadFailed')}{' '}
            <Button variant="ghost" size="sm" onClick={() => void load()}>
              {t('retry')}
            </Button>
          </p>
        )}
        {state.status === 'ready' && state.comments.length === 0 && (
          <p className="comments__empty">{t('empty')}</p>
        )}
        <ol className="comments__items">
          {state.comments.map((comment) => (
            <CommentItem
              key={comment.commentUUID}
              comment={comment}
              when={when}
              onAction={(action) => dispatch({ type: 'userAction', id: comment.commentUUID, action })}
              onSave={async (text) => {
                dispatch({ type: 'userAction', id: comment.commentUUID, action: { type: 'editSubmitted' } });
                try {
                  const saved = await editComment(
                    albumId,
                    fileId,
                    comment.commentUUID,
                    text,
                    accessRef.current,
                  );
                  dispatch({ type: 'posted', comment: saved });
                  dispatch({
                    type: 'userAction',
                    id: comment.commentUUID,
                    action: { type: 'editSucceeded', comment: saved.comment },
                  });
                } catch {
                  dispatch({ type: 'userAction', id: comment.commentUUID, action: { type: 'editFailed' } });
                }
              }}
              onDelete={async () => {
                dispatch({
                  type: 'userAction',
                  id: comment.commentUUID,
                  action: { type: 'deleteConfirmed' },
                });
                try {
                  await deleteComment(albumId, fileId, comment.commentUUID, accessRef.current);
                  dispatch({ type: 'removed', id: comment.commentUUID });
                } catch {
                  dispatch({ type: 'userAction', id: comment.commentUUID, action: { type: 'deleteFailed' } });
                }
              }}
            />
          ))}
        </ol>
      </div>
      <form
        className="comments__form"
        onSubmit={(event) => {
          event.preventDefault();
          post();
        }}
      >
        <label className="comments__input-label" htmlFor="comments-input">
          {t('inputLabel')}
        </label>
        <textarea
          id="comments-input"
          className="comments__input"
          rows={1}
          placeholder={t('placeholder')}
          value={submission.text}
          readOnly={pending}
          onChange={(event) => submit({ type: 'typed', text: event.target.value })}
          onKeyDown={onKeyDown}
        />
        {submission.text.trim() !== '' && (
          <Button variant="primary" size="sm" type="submit" disabled={pending} pending={pending}>
            {t('post')}
          </Button>
        )}
      </form>
      {submission.status === 'ERROR' && (
        <p className="comments__error" role="alert">
          {t('postFailed')}
        </p>
      )}
      {prompt && (
        <NamePrompt
          open
          context="albumReceiver"
          onClose={() => setPrompt(null)}
          onName={named}
          onSignIn={goSignIn}
        />
      )}
    </section>
  );
}

interface CommentItemProps {
  comment: ShownComment;
  when(at: number): string;
  onAction(action: UserAction): void;
  onSave(text: string): Promise<void>;
  onDelete(): Promise<void>;
}

function CommentItem({ comment, when, onAction, onSave, onDelete }: CommentItemProps) {
  const { t } = useTranslation('comments');
  const [expanded, setExpanded] = useState(false);
  const status = comment.userActionStatus;
  const editing = status === 'PENDING_USER__EDIT' || status === 'PENDING_SERVER__EDIT';
  const items = [
    ...(comment.canEdit
      ? [{ id: 'edit', label: t('edit'), onSelect: () => onAction({ type: 'editStarted' }) }]
      : []),
    ...(comment.canDelete
      ? [
          {
            id: 'delete',
            label: t('delete'),
            danger: true,
            onSelect: () => onAction({ type: 'deleteAsked' }),
          },
        ]
      : []),
  ];
  const error =
    status === 'SERVER_ERROR__EDIT'
      ? t('editFailed')
      : status === 'SERVER_ERROR__DELETE'
        ? t('deleteFailed')
        : null;
  return (
    <li className="comments__item">
      <div className="comments__meta">
        <span className="comments__author">
          {comment.author.name || t('someone')}
          {comment.author.guest && <span className="comments__guest"> · {t('guest')}</span>}
        </span>
        {error ? (
          <span className="comments__item-error" role="alert">
            {error}
          </span>
        ) : (
          <time className="comments__time" dateTime={new Date(comment.timestamp).toISOString()}>
            {when(comment.timestamp)}
            {comment.edited && ` · ${t('edited')}`}
          </time>
        )}
        {items.length > 0 && !editing && (
          <Menu
            align="end"
            trigger={<IconButton size="sm" label={t('more')} icon={<MoreHorizontal size={16} />} />}
            items={items}
          />
        )}
      </div>
      {editing ? (
        <div className="comments__edit">
          <textarea
            className="comments__input"
            aria-label={t('editLabel')}
            value={comment.comment}
            readOnly={status === 'PENDING_SERVER__EDIT'}
            onChange={(event) => onAction({ type: 'editTyped', text: event.target.value })}
          />
          <div className="comments__edit-actions">
            <Button size="sm" variant="ghost" onClick={() => onAction({ type: 'editCancelled' })}>
              {t('cancel')}
            </Button>
            <Button
              size="sm"
              variant="primary"
              disabled={comment.comment.trim() === ''}
              pending={status === 'PENDING_SERVER__EDIT'}
              onClick={() => void onSave(comment.comment.trim())}
            >
              {t('save')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className={`comments__text${expanded ? ' comments__text--expanded' : ''}`}>{comment.comment}</p>
          {!expanded && comment.comment.length > 160 && (
            <button type="button" className="comments__more" onClick={() => setExpanded(true)}>
              {t('readMore')}
            </button>
          )}
        </>
      )}
      {status === 'PENDING_USER__DELETE' || status === 'PENDING_SERVER__DELETE' ? (
        <div className="comments__confirm">
          <span role="alert">{t('deleteQuestion')}</span>
          <Button size="sm" variant="ghost" onClick={() => onAction({ type: 'deleteCancelled' })}>
            {t('cancel')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            pending={status === 'PENDING_SERVER__DELETE'}
            onClick={() => void onDelete()}
          >
            {t('delete')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
