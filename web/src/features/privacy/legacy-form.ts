import {
  isEmailAddress,
  isLegacyPhone,
  type LegacyChoice,
  type LegacyContact,
  type LegacyContactField,
} from '@nordlys/contract/privacy';

/** Why a field of the contact form is refused; the page maps each to its text. */
export type LegacyFieldError = 'required' | 'phone' | 'email';

export const LEGACY_FIELDS: readonly LegacyContactField[] = [
  'name',
  'phone_number',
  'email_address',
  'address',
];

export const EMPTY_CONTACT: LegacyContact = { name: '', phone_number: '', email_address: '', address: '' };

/** account.md §5: all four required, phone 8 to 14 digits or +, e-mail valid. */
export function contactErrors(contact: LegacyContact): Partial<Record<LegacyContactField, LegacyFieldError>> {
  const errors: Partial<Record<LegacyContactField, LegacyFieldError>> = {};
  for (const field of LEGACY_FIELDS) if (!contact[field].trim()) errors[field] = 'required';
  if (!errors.phone_number && !isLegacyPhone(contact.phone_number)) errors.phone_number = 'phone';
  if (!errors.email_address && !isEmailAddress(contact.email_address)) errors.email_address = 'email';
  return errors;
}

export interface ContactDialog {
  draft: LegacyContact;
  /** Errors show for a field once it was left, or for all once confirm was tried. */
  touched: LegacyContactField[];
  saving: boolean;
  /** The server's refusal, shown in the dialog. */
  serverError: string | null;
}

export interface LegacyState {
  status: 'loading' | 'ready' | 'failed';
  /** What the server has. */
  saved: { choice: LegacyChoice | null; contact: LegacyContact | null };
  /** What the radio group shows: the saved choice, or one being saved or filled in. */
  choice: LegacyChoice | null;
  saving: boolean;
  /** A save of a choice without contact failed. */
  failed: boolean;
  dialog: ContactDialog | null;
}

export type LegacyAction =
  | { type: 'loaded'; choice: LegacyChoice | null; contact: LegacyContact | null }
  | { type: 'loadFailed' }
  | { type: 'choiceSelected'; choice: LegacyChoice }
  | { type: 'draftChanged'; field: LegacyContactField; value: string }
  | { type: 'fieldLeft'; field: LegacyContactField }
  | { type: 'confirmed' }
  | { type: 'cancelled' }
  | { type: 'saveSucceeded'; choice: LegacyChoice | null; contact: LegacyContact | null }
  | { type: 'saveFailed'; message: string | null };

export const initialLegacy: LegacyState = {
  status: 'loading',
  saved: { choice: null, contact: null },
  choice: null,
  saving: false,
  failed: false,
  dialog: null,
};

export const canConfirm = (dialog: ContactDialog) =>
  !dialog.saving && Object.keys(contactErrors(dialog.draft)).length === 0;

/**
 * Digital legacy (account.md §4): 'provide to contact' opens the contact form and saves only on
 * confirm; cancel goes back to the saved option. Other options save at once.
 */
export function legacyReducer(state: LegacyState, action: LegacyAction): LegacyState {
  switch (action.type) {
    case 'loaded':
      return {
        ...initialLegacy,
        status: 'ready',
        saved: { choice: action.choice, contact: action.contact },
        choice: action.choice,
      };
    case 'loadFailed':
      return { ...state, status: 'failed' };
    case 'choiceSelected':
      if (state.saving || state.dialog) return state;
      if (action.choice === 'provide_content_to_contact') {
        return {
          ...state,
          choice: action.choice,
          failed: false,
          dialog: {
            draft: state.saved.contact ?? EMPTY_CONTACT,
            touched: [],
            saving: false,
            serverError: null,
          },
        };
      }
      if (action.choice === state.saved.choice) return state;
      return { ...state, choice: action.choice, saving: true, failed: false };
    case 'draftChanged':
      if (!state.dialog || state.dialog.saving) return state;
      return {
        ...state,
        dialog: {
          ...state.dialog,
          draft: { ...state.dialog.draft, [action.field]: action.value },
          serverError: null,
        },
      };
    case 'fieldLeft':
      if (!state.dialog || state.dialog.touched.includes(action.field)) return state;
      return { ...state, dialog: { ...state.dialog, touched: [...state.dialog.touched, action.field] } };
    case 'confirmed':
      if (!state.dialog) return state;
      if (!canConfirm(state.dialog))
        return { ...state, dialog: { ...state.dialog, touched: [...LEGACY_FIELDS] } };
      return { ...state, saving: true, dialog: { ...state.dialog, saving: true, serverError: null } };
    case 'cancelled':
      if (!state.dialog || state.dialog.saving) return state;
      return { ...state, dialog: null, choice: state.saved.choice };
    case 'saveSucceeded':
      return {
        ...state,
        saved: { choice: action.choice, contact: action.contact },
        choice: action.choice,
        saving: false,
        failed: false,
        dialog: null,
      };
    case 'saveFailed':
      if (state.dialog) {
        return {
          ...state,
          saving: false,
          dialog: { ...state.dialog, saving: false, serverError: action.message ?? '' },
        };
      }
      return { ...state, saving: false, failed: true, choice: state.saved.choice };
  }
}
