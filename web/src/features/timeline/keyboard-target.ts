/** True when a key press goes to a text field, where letters and Delete are typing, not commands. */
export const isTypingTarget = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** True while a dialog is open: its keys are its own. */
export const isDialogOpen = (): boolean =>
  document.querySelector('[role="dialog"],[role="alertdialog"]') !== null;
