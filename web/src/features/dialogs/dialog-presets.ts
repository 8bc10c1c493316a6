import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS } from '@nordlys/contract/archive';

/**
 * The spec's ready-made confirmations and alerts (core.md §4, account.md §8).
 * Texts are in dialogs.json under presets.<id>.{title,message,confirm}.
 */
export { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_ITEMS };

interface PresetDef {
  kind: 'confirm' | 'alert';
  danger?: boolean;
  /** Whether the texts have a custom confirm label (else 'OK' / 'Confirm'). */
  confirmLabel?: boolean;
  /** Whether the texts have a custom cancel label (else 'Cancel'). */
  cancelLabel?: boolean;
  /** The app path confirming opens. */
  confirmTo?: string;
}

/** Where the storage popups' "get more storage" leads (account.md §4). */
export const STORAGE_SETTINGS_PATH = '/settings/storage';

export const DIALOG_PRESETS = {
  deleteAlbum: { kind: 'confirm', danger: true, confirmLabel: true },
  unsubscribeAlbum: { kind: 'confirm', danger: true, confirmLabel: true },
  deleteFile: { kind: 'confirm', danger: true, confirmLabel: true },
  deleteForever: { kind: 'confirm', danger: true, confirmLabel: true },
  deleteDevice: { kind: 'confirm', danger: true, confirmLabel: true },
  stopSharing: { kind: 'confirm', danger: true, confirmLabel: true },
  stopUploads: { kind: 'confirm', danger: true, confirmLabel: true, cancelLabel: true },
  // account.md §4: a cancelled plan keeps its storage until the paid period ends.
  cancelSubscription: { kind: 'confirm', danger: true, confirmLabel: true, cancelLabel: true },
  downloadCountLimitSelection: { kind: 'alert' },
  downloadSizeLimitSelection: { kind: 'alert' },
  downloadCountLimitAlbum: { kind: 'alert' },
  downloadSizeLimitAlbum: { kind: 'alert' },
  // account.md §4: shows used and max storage; buttons close and buy more storage.
  notEnoughStorageForAdd: {
    kind: 'confirm',
    confirmLabel: true,
    cancelLabel: true,
    confirmTo: STORAGE_SETTINGS_PATH,
  },
  // core.md §9: restored files that exceed the available space.
  notEnoughStorageForRestore: {
    kind: 'confirm',
    confirmLabel: true,
    cancelLabel: true,
    confirmTo: STORAGE_SETTINGS_PATH,
  },
  // account.md §2: used more than 80 and more than 95 percent; close and buy more storage.
  storageOver80: { kind: 'confirm', confirmLabel: true, cancelLabel: true, confirmTo: STORAGE_SETTINGS_PATH },
  storageOver95: { kind: 'confirm', confirmLabel: true, cancelLabel: true, confirmTo: STORAGE_SETTINGS_PATH },
} as const satisfies Record<string, PresetDef>;

export type DialogPreset = keyof typeof DIALOG_PRESETS;
export type ConfirmPreset = {
  [K in DialogPreset]: (typeof DIALOG_PRESETS)[K]['kind'] extends 'confirm' ? K : never;
}[DialogPreset];
export type AlertPreset = Exclude<DialogPreset, ConfirmPreset>;

export interface DialogTexts {
  titleKey: string;
  messageKey?: string;
  confirmLabelKey: string;
  cancelLabelKey: string;
  danger: boolean;
  confirmTo?: string;
}

/** Full i18n keys (with namespace) for a preset. */
export function presetTexts(preset: DialogPreset): DialogTexts {
  const def: PresetDef = DIALOG_PRESETS[preset];
  const base = `dialogs:presets.${preset}`;
  return {
    titleKey: `${base}.title`,
    messageKey: `${base}.message`,
    confirmLabelKey: def.confirmLabel
      ? `${base}.confirm`
      : def.kind === 'alert'
        ? 'dialogs:ok'
        : 'dialogs:confirm',
    cancelLabelKey: def.cancelLabel ? `${base}.cancel` : 'dialogs:cancel',
    danger: def.danger ?? false,
    ...(def.confirmTo ? { confirmTo: def.confirmTo } : {}),
  };
}
