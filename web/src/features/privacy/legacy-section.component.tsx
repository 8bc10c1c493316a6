import { isLocale } from '@nordlys/contract/language-rule';
import { LEGACY_CHOICES, type LegacyChoice, type LegacyContact } from '@nordlys/contract/privacy';
import { Check, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { getDigitalLegacy, setDigitalLegacy } from '../../api/privacy.api';
import { EmptyState } from '../../ui/empty-state';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import { LegacyContactDialog } from './legacy-contact-dialog.component';
import { initialLegacy, legacyReducer } from './legacy-form';

/** Digital legacy (account.md §4): other options save at once; 'provide to contact' asks for the contact first. */
export function LegacySection() {
  const { t, i18n } = useTranslation('privacy');
  const [state, dispatch] = useReducer(legacyReducer, initialLegacy);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const legacy = await getDigitalLegacy(signal);
      dispatch({
        type: 'loaded',
        choice: legacy.choice,
        contact: legacy.digital_legacy_data.contact_information[0] ?? null,
      });
    } catch {
      if (!signal?.aborted) dispatch({ type: 'loadFailed' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const save = async (choice: LegacyChoice, contact: LegacyContact | null) => {
    try {
      const saved = await setDigitalLegacy({
        choice,
        language: isLocale(i18n.language) ? i18n.language : 'en_US',
        ...(contact ? { contact_information: [contact] } : {}),
      });
      dispatch({
        type: 'saveSucceeded',
        choice: saved.choice,
        contact: saved.digital_legacy_data.contact_information[0] ?? null,
      });
    } catch (error) {
      dispatch({ type: 'saveFailed', message: error instanceof ApiError ? (error.reason ?? null) : null });
    }
  };

  if (state.status === 'failed') {
    return (
      <EmptyState
        icon={<RefreshCw />}
        message={t('loadFailed')}
        action={{ label: t('retry'), onClick: () => void load() }}
      />
    );
  }
  if (state.status === 'loading') return <Skeleton className="privacy__skeleton privacy__skeleton--tall" />;

  const select = (choice: LegacyChoice) => {
    if (state.saving || state.dialog) return;
    dispatch({ type: 'choiceSelected', choice });
    if (choice !== 'provide_content_to_contact' && choice !== state.saved.choice) void save(choice, null);
  };
  const contact = state.saved.choice === 'provide_content_to_contact' ? state.saved.contact : null;

  return (
    <div className="privacy__section-body">
      <p>{t('legacy.intro')}</p>
      <RadioGroup<LegacyChoice>
        label={t('legacy.groupLabel')}
        hideLabel
        name="digital-legacy"
        value={state.choice ?? undefined}
        disabled={state.saving}
        onValueChange={select}
        options={LEGACY_CHOICES.map((choice) => ({
          value: choice,
          label: t(`legacy.choices.${choice}`),
          description:
            choice === 'provide_content_to_contact' && contact
              ? t('legacy.contactSummary', { name: contact.name, email: contact.email_address })
              : undefined,
        }))}
      />
      {contact && !state.dialog && (
        <button
          type="button"
          className="privacy__link-button"
          onClick={() => select('provide_content_to_contact')}
        >
          {t('legacy.editContact')}
        </button>
      )}
      {state.failed && (
        <p className="privacy__note privacy__note--error" role="alert">
          {t('legacy.saveFailed')}
        </p>
      )}
      {!state.saving && !state.failed && state.saved.choice && (
        <p className="privacy__saved" aria-live="polite">
          <Check aria-hidden="true" size={16} /> {t('legacy.saved')}
        </p>
      )}
      <LegacyContactDialog
        dialog={state.dialog}
        dispatch={dispatch}
        onConfirm={(draft) => void save('provide_content_to_contact', draft)}
      />
    </div>
  );
}
