import { UpgradeBrowserPage } from '../features/pages/upgrade-browser-page.component';

/** In a browser too old for the app, the upgrade page stands in for everything else. */
export function UnsupportedBrowser({
  brandName,
  missing,
}: {
  brandName: string;
  missing: readonly string[];
}) {
  return <UpgradeBrowserPage brandName={brandName} missing={missing} />;
}
