import { GIB } from '@nordlys/contract/constants';

/**
 * The spec's ready-made confirmations and alerts (core.md §4, account.md §8).
 * Texts are in dialogs.json under presets.<id>.{title,message,confirm}.
 */
export const DOWNLOAD_MAX_ITEMS = 500;
export const DOWNLOAD_MAX_BYTES = 3.5 * GIB;

interface PresetDef {
  kind: 'confirm' | 'alert';
  danger?: boolean;
  /** Whether the texts have a custom confirm label (else 'OK' / 'Confirm'). */
  confirmLabel?: boolean;
  /** Whether the texts have a custom cancel label (else 'Cancel'). */
  cancelLabel?: boolean;
}

export const DIALOG_PRESETS = {
  deleteAlbum: { kind: 'confirm', danger: true, confirmLabel: true },
  unsubscribeAlbum: { kind: 'confirm', danger: true, confirmLabel: true },
  deleteFile: { kind: 'confirm', danger: true, confirmLabel: true },
  deleteForever: { kind: 'confirm', danger: true, confirmLabel: true },
  deleteDevice: { kind: 'confirm', danger: true, confirmLabel: true },
  stopSharing: { kind: 'confirm', danger: true, confirmLabel: true },
  stopUploads: { kind: 'confirm', danger: true, confirmLabel: true, cancelLabel: true },
  downloadCountLimitSelection: { kind: 'alert' },
  downloadSizeLimitSelection: { kind: 'alert' },
  downloadCountLimitAlbum: { kind: 'alert' },
  downloadSizeLimitAlbum: { kind: 'alert' },
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
  };
}
