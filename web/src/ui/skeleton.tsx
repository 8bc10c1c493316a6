import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './skeleton.css';

export interface SkeletonProps {
  /** CSS lengths; pass token variables (e.g. 'var(--size-cell)') rather than literals. */
  width?: string;
  height?: string;
  shape?: 'block' | 'text' | 'circle';
  className?: string;
}

/** A placeholder block; decorative, so wrap a group of them in SkeletonGroup for the announcement. */
export function Skeleton({ width, height, shape = 'block', className }: SkeletonProps) {
  const style: CSSProperties = { width, height };
  return (
    <span
      aria-hidden="true"
      className={['ui-skeleton', `ui-skeleton--${shape}`, className].filter(Boolean).join(' ')}
      style={style}
    />
  );
}

export interface SkeletonGroupProps {
  children: ReactNode;
  className?: string;
}

/** Announces 'Loading content' once for all the skeletons inside it. */
export function SkeletonGroup({ children, className }: SkeletonGroupProps) {
  const { t } = useTranslation('ui');
  return (
    <div className={className} role="status" aria-busy="true" aria-label={t('skeleton.label')}>
      {children}
    </div>
  );
}
