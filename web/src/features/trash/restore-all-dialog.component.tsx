import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import type { RestoreAllOutcome, RestoreAllProgress } from './restore-all';

export type RestoreAllPhase =
  | { phase: 'running'; progress: RestoreAllProgress }
  | { phase: 'done'; outcome: RestoreAllOutcome };

/** The restore-all progress dialog, then its end: complete, or incomplete with the failed count. */
export function RestoreAllDialog({ state, onClose }: { state: RestoreAllPhase | null; onClose(): void }) {
  const { t } = useTranslation('trash');
  if (!state) return null;
  if (state.phase === 'running') {
    const { restored, failed, total } = state.progress;
    return (
      <Modal
        open
        onOpenChange={() => undefined}
        dismissible={false}
        title={t('restoreAll.title')}
        description={t('restoreAll.progress', { done: restored, total })}
      >
        <progress className="trash__progress" max={Math.max(total, 1)} value={restored + failed}>
          {t('restoreAll.progress', { done: restored, total })}
        </progress>
      </Modal>
    );
  }
  const { restored, failed } = state.outcome;
  const complete = failed === 0;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      // Its one way out is the footer's Close: a second control of the same name confuses.
      showClose={false}
      title={complete ? t('restoreAll.completeTitle') : t('restoreAll.incompleteTitle')}
      description={
        complete
          ? t('restoreAll.complete', { count: restored })
          : t('restoreAll.incomplete', { count: failed })
      }
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('restoreAll.close')}
        </Button>
      }
    />
  );
}
