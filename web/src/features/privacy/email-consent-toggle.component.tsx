import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailConsentQuery, useSetEmailConsentMutation } from '../../server-cache/privacy.endpoints';
import { Skeleton } from '../../ui/skeleton';
import { Toggle } from '../../ui/toggle';

/** The newsletter by e-mail (`/user/email_consent` for the signed-in address), optimistic like the consents. */
export function EmailConsentToggle({ host, onChanged }: { host: string | undefined; onChanged(): void }) {
  const { t } = useTranslation('privacy');
  const read = useEmailConsentQuery({ host });
  const [setEmailConsent] = useSetEmailConsentMutation();
  // The toggle is optimistic: what the user chose shows until the server says otherwise.
  const [value, setValue] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (read.data) setValue(read.data.email_consent);
    else if (read.isError) setValue(false);
  }, [read.data, read.isError]);

  if (value === null) return <Skeleton className="privacy__skeleton" />;
  const change = async (next: boolean) => {
    setValue(next);
    setPending(true);
    try {
      await setEmailConsent({ host, consent: next }).unwrap();
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
