/** What the privacy screens need from other features; app/ passes in a hook giving it (privacy.screens.tsx). */
export interface PrivacySlots {
  /** Origin of the e-mail consent calls; undefined means the app's own. */
  emailConsentHost: string | undefined;
  /** account.md §8: the e-mail consent change shows emailSubscribeSettingsChanged. */
  notifyEmailSettingsChanged(): void;
  /**
   * The deletion was accepted: the server has already ended every session, so this one's token is
   * dropped at once (later calls would only meet 401s and ask to sign in again over the facts).
   */
  onAccountDeletionAccepted(): void;
  /** The user leaves the deletion's facts: the session ends here too. */
  onAccountDeleted(): void;
  /** Whether a path is the mobile app's web view (no way back to the web settings there). */
  isInAppPath(pathname: string): boolean;
  /** Whether a user is signed in (the unsubscribe page then works without an identifier). */
  signedIn: boolean;
}
