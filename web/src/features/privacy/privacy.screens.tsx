import { withStrings } from '../../i18n/i18n';
import { lazyPart } from '../../routing/lazy-part';
import { routesOf, type ScreenRoute, SIGNED_IN_ROUTE } from '../../routing/screen-route';
import type { PrivacySlots } from './privacy.ports';

const PrivacyPage = lazyPart(() =>
  withStrings(['privacy'], import('./privacy-page.component')).then((module) => module.PrivacyPage),
);
const UnsubscribePage = lazyPart(() =>
  withStrings(['privacy'], import('./unsubscribe-page.component')).then((module) => module.UnsubscribePage),
);
const AdvancedSettingsPage = lazyPart(() =>
  withStrings(['privacy'], import('./advanced-settings-page.component')).then(
    (module) => module.AdvancedSettingsPage,
  ),
);

const route = routesOf('privacy');

function Unsubscribe({ useSlots }: { useSlots: () => PrivacySlots }) {
  const slots = useSlots();
  return (
    <UnsubscribePage
      host={slots.emailConsentHost}
      signedIn={slots.signedIn}
      onChanged={slots.notifyEmailSettingsChanged}
    />
  );
}

/** Privacy settings, e-mail unsubscribe (signed out too, by a mail's link) and the advanced page. */
function Privacy({ useSlots }: { useSlots: () => PrivacySlots }) {
  return <PrivacyPage slots={useSlots()} />;
}

export const privacyScreens = (useSlots: () => PrivacySlots): readonly ScreenRoute[] => [
  route('/settings/privacy', 'privacy', {
    ...SIGNED_IN_ROUTE,
    preload: PrivacyPage.preload,
    Component: () => <Privacy useSlots={useSlots} />,
  }),
  route('/settings/_advanced', 'advanced', {
    ...SIGNED_IN_ROUTE,
    preload: AdvancedSettingsPage.preload,
    Component: () => <AdvancedSettingsPage />,
  }),
  // account.md §2: the unsubscribe page hides the footer.
  route('/settings/unsubscribe', 'unsubscribe', {
    hideFooter: true,
    preload: UnsubscribePage.preload,
    Component: () => <Unsubscribe useSlots={useSlots} />,
  }),
  route('/emailSettings', 'emailSettings', {
    hideFooter: true,
    preload: UnsubscribePage.preload,
    Component: () => <Unsubscribe useSlots={useSlots} />,
  }),
];
