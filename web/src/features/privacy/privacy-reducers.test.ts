import { describe, expect, it } from 'vitest';
import { blockingOverlayQueue, sunsetSeenKey } from './blocking-overlays';
import { consentsReducer, initialConsents, isConsentPending } from './consent-toggle';
import { canConfirm, contactErrors, EMPTY_CONTACT, initialLegacy, legacyReducer } from './legacy-form';
import { serverRequestReducer } from './server-request';
import { choiceFor, initialUnsubscribe, unsubscribeReducer } from './unsubscribe';

const GOOD = {
  name: 'Kari',
  phone_number: '+4712345678',
  email_address: 'kari@example.com',
  address: 'Oslo',
};

describe('consent toggle', () => {
  const loaded = consentsReducer(initialConsents, {
    type: 'loaded',
    values: { ...initialConsents.values, face_grouping: true },
  });

  it('loads, and fails to load', () => {
    expect(loaded.status).toBe('loaded');
    expect(loaded.values.face_grouping).toBe(true);
    expect(consentsReducer(initialConsents, { type: 'loadFailed' }).status).toBe('failed');
    expect(consentsReducer(loaded, { type: 'reloading' }).status).toBe('loading');
  });

  it('changes at once and is pending until the server answers', () => {
    const toggled = consentsReducer(loaded, { type: 'toggled', key: 'help_us_improve', value: true });
    expect(toggled.values.help_us_improve).toBe(true);
    expect(isConsentPending(toggled, 'help_us_improve')).toBe(true);
    // Disabled while pending: a second toggle is ignored.
    expect(consentsReducer(toggled, { type: 'toggled', key: 'help_us_improve', value: false })).toBe(toggled);
    const saved = consentsReducer(toggled, { type: 'saved', key: 'help_us_improve' });
    expect(saved.values.help_us_improve).toBe(true);
    expect(isConsentPending(saved, 'help_us_improve')).toBe(false);
  });

  it('reverts on failure', () => {
    const toggled = consentsReducer(loaded, { type: 'toggled', key: 'face_grouping', value: false });
    const failed = consentsReducer(toggled, { type: 'saveFailed', key: 'face_grouping', value: false });
    expect(failed.values.face_grouping).toBe(true);
    expect(failed.pending).toEqual([]);
  });

  it('ignores toggles before the values are known', () => {
    expect(consentsReducer(initialConsents, { type: 'toggled', key: 'face_grouping', value: true })).toBe(
      initialConsents,
    );
  });
});

describe('server request', () => {
  it('goes NOT_STARTED → PENDING_SERVER → SUCCEEDED or FAILED, and FAILED retries', () => {
    const pending = serverRequestReducer('NOT_STARTED', { type: 'started' });
    expect(pending).toBe('PENDING_SERVER');
    expect(serverRequestReducer(pending, { type: 'succeeded' })).toBe('SUCCEEDED');
    const failed = serverRequestReducer(pending, { type: 'failed' });
    expect(failed).toBe('FAILED');
    expect(serverRequestReducer(failed, { type: 'started' })).toBe('PENDING_SERVER');
    expect(serverRequestReducer(failed, { type: 'reset' })).toBe('NOT_STARTED');
  });

  it('ignores outcomes of nothing pending', () => {
    expect(serverRequestReducer('NOT_STARTED', { type: 'succeeded' })).toBe('NOT_STARTED');
    expect(serverRequestReducer('SUCCEEDED', { type: 'failed' })).toBe('SUCCEEDED');
  });
});

describe('digital legacy', () => {
  const ready = legacyReducer(initialLegacy, {
    type: 'loaded',
    choice: 'do_not_provide_content_to_anybody',
    contact: null,
  });

  it('validates the contact as the spec says', () => {
    expect(contactErrors(EMPTY_CONTACT)).toEqual({
      name: 'required',
      phone_number: 'required',
      email_address: 'required',
      address: 'required',
    });
    expect(contactErrors({ ...GOOD, phone_number: '1234567' })).toEqual({ phone_number: 'phone' });
    expect(contactErrors({ ...GOOD, phone_number: '123456789012345' })).toEqual({ phone_number: 'phone' });
    expect(contactErrors({ ...GOOD, phone_number: '12a45678' })).toEqual({ phone_number: 'phone' });
    expect(contactErrors({ ...GOOD, phone_number: '12345678' })).toEqual({});
    expect(contactErrors({ ...GOOD, email_address: 'kari@' })).toEqual({ email_address: 'email' });
    expect(contactErrors(GOOD)).toEqual({});
  });

  it('saves another option at once and reverts it on failure', () => {
    const saving = legacyReducer(ready, {
      type: 'choiceSelected',
      choice: 'only_provide_content_explicitly_detailed_in_my_will',
    });
    expect(saving.saving).toBe(true);
    expect(saving.choice).toBe('only_provide_content_explicitly_detailed_in_my_will');
    const failed = legacyReducer(saving, { type: 'saveFailed', message: null });
    expect(failed.choice).toBe('do_not_provide_content_to_anybody');
    expect(failed.failed).toBe(true);
    const saved = legacyReducer(saving, {
      type: 'saveSucceeded',
      choice: 'only_provide_content_explicitly_detailed_in_my_will',
      contact: null,
    });
    expect(saved.saved.choice).toBe('only_provide_content_explicitly_detailed_in_my_will');
    expect(saved.saving).toBe(false);
  });

  it('opens the contact form for provide-to-contact and cancel goes back', () => {
    const open = legacyReducer(ready, { type: 'choiceSelected', choice: 'provide_content_to_contact' });
    expect(open.dialog?.draft).toEqual(EMPTY_CONTACT);
    expect(open.saving).toBe(false);
    const cancelled = legacyReducer(open, { type: 'cancelled' });
    expect(cancelled.dialog).toBeNull();
    expect(cancelled.choice).toBe('do_not_provide_content_to_anybody');
  });

  it('confirms only a valid contact, and shows the server message in the dialog', () => {
    let state = legacyReducer(ready, { type: 'choiceSelected', choice: 'provide_content_to_contact' });
    for (const [field, value] of Object.entries({ ...GOOD, phone_number: '12' })) {
      state = legacyReducer(state, { type: 'draftChanged', field: field as keyof typeof GOOD, value });
    }
    expect(canConfirm(state.dialog as NonNullable<typeof state.dialog>)).toBe(false);
    state = legacyReducer(state, { type: 'fieldLeft', field: 'phone_number' });
    expect(state.dialog?.touched).toEqual(['phone_number']);
    const tried = legacyReducer(state, { type: 'confirmed' });
    expect(tried.saving).toBe(false);
    expect(tried.dialog?.touched).toHaveLength(4);
    state = legacyReducer(tried, { type: 'draftChanged', field: 'phone_number', value: '+4798765432' });
    const confirming = legacyReducer(state, { type: 'confirmed' });
    expect(confirming.dialog?.saving).toBe(true);
    // Nothing changes under a save on its way.
    expect(legacyReducer(confirming, { type: 'cancelled' })).toBe(confirming);
    const refused = legacyReducer(confirming, {
      type: 'saveFailed',
      message: 'body.contact_information.0.address must not be empty',
    });
    expect(refused.dialog?.serverError).toContain('address');
    expect(refused.dialog?.saving).toBe(false);
    const edited = legacyReducer(refused, { type: 'draftChanged', field: 'address', value: 'Bergen' });
    expect(edited.dialog?.serverError).toBeNull();
    const done = legacyReducer(legacyReducer(edited, { type: 'confirmed' }), {
      type: 'saveSucceeded',
      choice: 'provide_content_to_contact',
      contact: { ...GOOD, phone_number: '+4798765432', address: 'Bergen' },
    });
    expect(done.dialog).toBeNull();
    expect(done.saved.contact?.address).toBe('Bergen');
    // Opening again starts from the saved contact.
    const again = legacyReducer(done, { type: 'choiceSelected', choice: 'provide_content_to_contact' });
    expect(again.dialog?.draft.address).toBe('Bergen');
  });

  it('fails to load', () => {
    expect(legacyReducer(initialLegacy, { type: 'loadFailed' }).status).toBe('failed');
  });
});

describe('unsubscribe page', () => {
  const entry = unsubscribeReducer(initialUnsubscribe, { type: 'checked', subscribed: true });

  it('goes entry → loading → unsubscribed', () => {
    expect(entry.view).toBe('entry');
    expect(entry.subscribed).toBe(true);
    const loading = unsubscribeReducer(entry, {
      type: 'submitted',
      choice: 'unsubscribe',
      via: 'unsubscribe',
    });
    expect(loading.view).toBe('loading');
    expect(unsubscribeReducer(loading, { type: 'succeeded' }).view).toBe('unsubscribed');
  });

  it('starts the radio at what the address has now, never at unsubscribe for a subscriber', () => {
    expect(initialUnsubscribe.choice).toBe('stay');
    expect(entry.choice).toBe('stay');
    expect(unsubscribeReducer(initialUnsubscribe, { type: 'checked', subscribed: false }).choice).toBe(
      'unsubscribe',
    );
  });

  it('Stay saves the radio’s choice and goes to saved; Unsubscribe always unsubscribes', () => {
    expect(choiceFor(entry, 'stay')).toBe('stay');
    expect(choiceFor(entry, 'unsubscribe')).toBe('unsubscribe');
    const chosen = unsubscribeReducer(entry, { type: 'choiceChanged', choice: 'unsubscribe' });
    expect(choiceFor(chosen, 'stay')).toBe('unsubscribe');
    const loading = unsubscribeReducer(chosen, { type: 'submitted', choice: 'unsubscribe', via: 'stay' });
    const saved = unsubscribeReducer(loading, { type: 'succeeded' });
    expect(saved.view).toBe('saved');
    expect(saved.choice).toBe('unsubscribe');
    const kept = unsubscribeReducer(entry, { type: 'submitted', choice: 'stay', via: 'stay' });
    expect(unsubscribeReducer(kept, { type: 'succeeded' }).view).toBe('saved');
  });

  it('says so for a link the server does not know', () => {
    expect(unsubscribeReducer(initialUnsubscribe, { type: 'linkInvalid' }).view).toBe('invalid');
    expect(unsubscribeReducer(entry, { type: 'linkInvalid' })).toBe(entry);
  });

  it('keeps the error for the page to throw', () => {
    const error = new Error('Request to server failed');
    expect(unsubscribeReducer(entry, { type: 'failed', error }).error).toBe(error);
  });
});

describe('blocking overlays', () => {
  const none = { subscriptionRequired: false, tosToApprove: null, sunsetDeleteDate: null, sunsetSeen: false };

  it('queues subscription, then terms, then the sunset prompt', () => {
    expect(blockingOverlayQueue(none)).toEqual([]);
    expect(
      blockingOverlayQueue({
        subscriptionRequired: true,
        tosToApprove: '2',
        sunsetDeleteDate: '2027-01-01',
        sunsetSeen: false,
      }),
    ).toEqual(['Subscription', 'TermsOfService', 'SunsetDeletion']);
    expect(blockingOverlayQueue({ ...none, tosToApprove: '2' })).toEqual(['TermsOfService']);
  });

  it('shows the sunset prompt once per date', () => {
    expect(blockingOverlayQueue({ ...none, sunsetDeleteDate: '2027-01-01', sunsetSeen: true })).toEqual([]);
    expect(sunsetSeenKey('u', '2027-01-01')).not.toBe(sunsetSeenKey('u', '2027-02-01'));
  });
});
