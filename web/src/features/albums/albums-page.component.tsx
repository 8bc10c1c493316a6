import {
  ALBUM_LIST_FILTERS,
  ALBUM_LIST_SORTS,
  type Album,
  type AlbumListFilter,
  type AlbumListSort,
  DEFAULT_ALBUM_LIST_FILTER,
  DEFAULT_ALBUM_LIST_SORT,
} from '@nordlys/contract/album';
import { ArrowDownUp, FolderPlus, Images, ListFilter, RefreshCw, Search } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchAlbums } from '../../api/albums.api';
import { useOverlay } from '../../routing/overlay';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton';
import { TextInput } from '../../ui/text-input';
import { albumPath } from './album-address';
import { AlbumCard } from './album-card.component';
import { type AlbumView, toAlbumView } from './album-model';
import { isAlbumFilter, isAlbumSort, visibleAlbums } from './albums-list';
import { ChoiceOverlay } from './choice-overlay.component';
import './albums.css';

type Listed = AlbumView & { record: Album };
type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; albums: Listed[] };

const EAGER_CARDS = 8;
const SKELETON_CARDS = 6;

/** /albums: the user's albums with search, filter and sort (core.md §2 Albums list). */
export interface AlbumsPageProps {
  /** A read-only account may not create albums (account.md §6): no invitation in the empty state. */
  readOnly?: boolean;
  /** Wraps the New album button: disabled, with the subscribe tooltip, for a read-only account. */
  renderCreateGate?: (button: (disabled: boolean) => ReactNode) => ReactNode;
}

export function AlbumsPage({ readOnly = false, renderCreateGate }: AlbumsPageProps) {
  const { t } = useTranslation('albums');
  const [params, setParams] = useSearchParams();
  const { overlay, openOverlay, closeOverlay } = useOverlay();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const controller = useRef<AbortController | null>(null);
  const filterParam = params.get('filter');
  const sortParam = params.get('sort');
  const filter: AlbumListFilter = isAlbumFilter(filterParam) ? filterParam : DEFAULT_ALBUM_LIST_FILTER;
  const sort: AlbumListSort = isAlbumSort(sortParam) ? sortParam : DEFAULT_ALBUM_LIST_SORT;
  const [search, setSearch] = useState('');

  const load = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'loading' });
    fetchAlbums(current.signal).then(
      (records) =>
        setState({ status: 'loaded', albums: records.map((record) => ({ ...toAlbumView(record), record })) }),
      () => {
        if (!current.signal.aborted) setState({ status: 'failed' });
      },
    );
  }, []);
  useEffect(() => {
    load();
    return () => controller.current?.abort();
  }, [load]);

  const setChoice = (key: 'filter' | 'sort', value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        next.delete('overlay');
        return next;
      },
      { replace: true },
    );

  const albums = state.status === 'loaded' ? state.albums : [];
  const shown = useMemo(
    () => visibleAlbums(albums, { search, filter, sort }),
    [albums, search, filter, sort],
  );
  const createAlbum = () => openOverlay('create_album');
  const hasAlbums = state.status === 'loaded' && albums.length > 0;

  return (
    <div className="albums">
      <header className="albums__header">
        <h1 className="albums__title">{t('list.title')}</h1>
        {(renderCreateGate ?? ((button) => button(false)))((disabled) => (
          <Button
            variant="primary"
            icon={<FolderPlus />}
            onClick={createAlbum}
            disabled={disabled}
            className="albums__new"
          >
            {t('list.newAlbum')}
          </Button>
        ))}
      </header>

      {hasAlbums && (
        <div className="albums__tools">
          <div className="albums__search">
            <Search aria-hidden="true" className="albums__search-icon" />
            <TextInput
              type="search"
              value={search}
              aria-label={t('list.searchLabel')}
              placeholder={t('list.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Button variant="secondary" icon={<ListFilter />} onClick={() => openOverlay('albums_filter')}>
            {t(`filter.${filter}`)}
          </Button>
          <Button variant="secondary" icon={<ArrowDownUp />} onClick={() => openOverlay('albums_sort')}>
            {t(`sort.${sort}`)}
          </Button>
        </div>
      )}

      {state.status === 'loading' && (
        <SkeletonGroup className="albums__grid albums__grid--skeleton">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <span key={index} className="album-card album-card--skeleton">
              <Skeleton className="album-card__cover" />
              <Skeleton shape="text" width="60%" />
              <Skeleton shape="text" width="30%" />
            </span>
          ))}
        </SkeletonGroup>
      )}

      {state.status === 'failed' && (
        <EmptyState
          icon={<RefreshCw />}
          message={t('list.loadFailed')}
          action={{ label: t('retry'), onClick: load, icon: <RefreshCw /> }}
        />
      )}

      {state.status === 'loaded' && albums.length === 0 && (
        <EmptyState
          className="albums__empty"
          icon={<Images />}
          message={t('list.empty')}
          action={
            readOnly
              ? undefined
              : { label: t('list.emptyAction'), onClick: createAlbum, icon: <FolderPlus /> }
          }
        />
      )}

      {hasAlbums && shown.length === 0 && (
        <p className="albums__no-match" role="status">
          {search ? t('list.noMatch', { search }) : t(`list.noneInFilter.${filter}`)}
        </p>
      )}

      {shown.length > 0 && (
        <ul className="albums__grid" aria-label={t('list.title')}>
          {shown.map((album, index) => (
            <AlbumCard
              key={album.id}
              album={album}
              record={album.record}
              href={albumPath(album.id)}
              eager={index < EAGER_CARDS}
            />
          ))}
        </ul>
      )}

      <ChoiceOverlay
        open={overlay === 'albums_filter'}
        onClose={closeOverlay}
        title={t('filter.title')}
        options={ALBUM_LIST_FILTERS}
        labelKey={(value) => `filter.${value}`}
        value={filter}
        onChoose={(value) => setChoice('filter', value, DEFAULT_ALBUM_LIST_FILTER)}
      />
      <ChoiceOverlay
        open={overlay === 'albums_sort'}
        onClose={closeOverlay}
        title={t('sort.title')}
        options={ALBUM_LIST_SORTS}
        labelKey={(value) => `sort.${value}`}
        value={sort}
        onChoose={(value) => setChoice('sort', value, DEFAULT_ALBUM_LIST_SORT)}
      />
    </div>
  );
}
