import { useTranslation } from 'react-i18next';
import './spinner.css';

export interface SpinnerProps {
  size?: 'md' | 'lg';
  /** Accessible name; defaults to the translated 'Loading'. Pass null when a parent already announces. */
  label?: string | null;
  className?: string;
}

/** For short actions (under ~2 s); use Skeleton for content that is loading. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useTranslation('ui');
  const name = label === undefined ? t('spinner.label') : label;
  const classes = ['ui-spinner', size === 'lg' && 'ui-spinner--lg', className].filter(Boolean).join(' ');
  return name === null ? (
    <span className={classes} aria-hidden="true" />
  ) : (
    <span className={classes} role="status" aria-label={name} />
  );
}
