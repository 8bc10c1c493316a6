/** Whether Back stays in the app: the router numbers its history entries, the first is 0. */
export const canGoBackInApp = (): boolean =>
  ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
