import { Heart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlbumUser, fetchAlbumUsers } from '../../api/albums.api';
import { Modal } from '../../ui/modal';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

export interface ParticipantsOverlayProps {
  open: boolean;
  onClose: () => void;
  albumId: string;
  password: string | null;
}

/** participantsList: the owner and everyone who joined the album. */
export function ParticipantsOverlay({ open, onClose, albumId, password }: ParticipantsOverlayProps) {
  const { t } = useTranslation('albums');
  const [users, setUsers] = useState<AlbumUser[] | 'failed' | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setUsers(null);
    fetchAlbumUsers(albumId, { password }, controller.signal).then(setUsers, () => {
      if (!controller.signal.aborted) setUsers('failed');
    });
    return () => controller.abort();
  }, [open, albumId, password]);

  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('people.participantsTitle')}>
      {users === null && (
        <SkeletonGroup className="album-people">
          <Skeleton shape="text" />
          <Skeleton shape="text" />
        </SkeletonGroup>
      )}
      {users === 'failed' && <p className="album-people__note">{t('people.loadFailed')}</p>}
      {Array.isArray(users) && (
        <ul className="album-people">
          {users.map((user) => (
            <li key={user.uuid} className="album-people__row">
              {user.profile_picture_url ? (
                <img className="album-people__avatar" src={user.profile_picture_url} alt="" />
              ) : (
                <span className="album-people__avatar" aria-hidden="true">
                  {initialsOf(user.name)}
                </span>
              )}
              <span className="album-people__name">{user.name || t('people.unnamed')}</span>
              <span className="album-people__role">{t(`people.role.${user.role}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

/** loveList: how much love the album's files got. */
export function LoveListOverlay({
  open,
  onClose,
  count,
}: {
  open: boolean;
  onClose: () => void;
  count: number;
}) {
  const { t } = useTranslation('albums');
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={t('people.lovesTitle')}>
      <p className="album-people__loves">
        <Heart aria-hidden="true" className="album-people__heart" />
        {t('people.loves', { count })}
      </p>
    </Modal>
  );
}
