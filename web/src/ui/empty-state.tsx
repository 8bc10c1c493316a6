import type { ReactNode } from 'react';
import { Button } from './button';
import './empty-state.css';

export interface EmptyStateProps {
  /** A lucide icon element; no illustrations. */
  icon: ReactNode;
  /** One sentence. */
  message: ReactNode;
  action?: { label: ReactNode; onClick: () => void; icon?: ReactNode };
  className?: string;
}

export function EmptyState({ icon, message, action, className }: EmptyStateProps) {
  return (
    <div className={['ui-empty', className].filter(Boolean).join(' ')}>
      <span className="ui-empty__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="ui-empty__message">{message}</p>
      {action && (
        <Button variant="primary" icon={action.icon} onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </div>
  );
}
