/** What the privacy screens need from other features; app/ passes in a hook giving it (privacy.screens.tsx). */
export interface PrivacySlots {
  /** Origin of the e-mail consent calls; undefined means the app's own. */
  emailConsentHost: string | undefined;
  /** account.md §8: the e-mail consent change shows emailSubscribeSettingsChanged. */
  notifyEmailSettingsChanged(): void;
  /** The account is being deleted: every device is signed out, this one too. */
  onAccountDeleted(): void;
  /** Whether a path is the mobile app's web view (no way back to the web settings there). */
  isInAppPath(pathname: string): boolean;
  /** Whether a user is signed in (the unsubscribe page then works without an identifier). */
  signedIn: boolean;
}
