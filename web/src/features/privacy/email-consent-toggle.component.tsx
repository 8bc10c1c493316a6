import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getEmailConsent, setEmailConsent } from '../../api/privacy.api';
import { Skeleton } from '../../ui/skeleton';
import { Toggle } from '../../ui/toggle';

/** The newsletter by e-mail (`/user/email_consent` for the signed-in address), optimistic like the consents. */
export function EmailConsentToggle({ host, onChanged }: { host: string | undefined; onChanged(): void }) {
  const { t } = useTranslation('privacy');
  const [value, setValue] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getEmailConsent(host, undefined, controller.signal).then(
      (answer) => setValue(answer.email_consent),
      () => {
        if (!controller.signal.aborted) setValue(false);
      },
    );
    return () => controller.abort();
  }, [host]);

  if (value === null) return <Skeleton className="privacy__skeleton" />;
  const change = async (next: boolean) => {
    setValue(next);
    setPending(true);
    try {
      await setEmailConsent(host, next);
      onChanged();
    } catch {
      setValue(!next);
    } finally {
      setPending(false);
    }
  };
  return (
    <Toggle
      className="privacy__toggle"
      label={t('stayUpToDate.newsletter')}
      description={t('stayUpToDate.newsletterHint')}
      checked={value}
      disabled={pending}
      onCheckedChange={(next) => void change(next)}
    />
  );
}
