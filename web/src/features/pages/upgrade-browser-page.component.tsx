import { MonitorUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.component';
import './upgrade-browser.css';

/** account.md §2: the upgrade-your-browser screen, shown instead of the app in a browser too old for it. */
export function UpgradeBrowserPage({
  brandName,
  missing,
}: {
  brandName: string;
  missing: readonly string[];
}) {
  const { t } = useTranslation('pages');
  return (
    <main className="upgrade-browser">
      <StatusPage tone="error" icon={<MonitorUp size={24} />} title={t('upgradeBrowser.title')}>
        <p>{t('upgradeBrowser.body', { brand: brandName })}</p>
        <p>{t('upgradeBrowser.browsers')}</p>
        <p className="upgrade-browser__missing">
          {t('upgradeBrowser.missing', { features: missing.join(', ') })}
        </p>
      </StatusPage>
    </main>
  );
}
