import type {
  AccountDeletion,
  ClientErrorReport,
  ConsentType,
  ConsentValues,
  DataCopy,
  DigitalLegacy,
  DigitalLegacyRequest,
  EmailConsent,
} from '@nordlys/contract/privacy';
import { apiRequest } from './client';

export type { AccountDeletion, ConsentType, ConsentValues, DataCopy, DigitalLegacy, EmailConsent };

export const getConsents = (signal?: AbortSignal): Promise<ConsentValues> =>
  apiRequest<ConsentValues>('/data_protection/consent_values', { signal });

export const setConsent = (key: ConsentType, value: boolean): Promise<ConsentValues> =>
  apiRequest<ConsentValues>('/data_protection/consent_values', { method: 'POST', json: { [key]: value } });

/** Resolves when a copy may be requested; rejects (429) within 24 hours of the last request. */
export const checkDataAccessAvailability = (signal?: AbortSignal): Promise<unknown> =>
  apiRequest('/data_protection/request_data_access_availability', { signal });

export const requestDataAccess = (): Promise<DataCopy> =>
  apiRequest<DataCopy>('/data_protection/request_data_access', { method: 'POST' });

/** The newest copy requested, or null before the first. */
export const getDataCopy = (signal?: AbortSignal): Promise<DataCopy | null> =>
  apiRequest<DataCopy | null>('/data_protection/data_copy', { signal });

export const downloadDataCopy = (path: string): Promise<Blob> =>
  apiRequest<Blob>(path, { responseType: 'blob' });

export const requestAccountDeletion = (): Promise<AccountDeletion> =>
  apiRequest<AccountDeletion>('/data_protection/request_account_deletion', { method: 'POST' });

export const getDigitalLegacy = (signal?: AbortSignal): Promise<DigitalLegacy> =>
  apiRequest<DigitalLegacy>('/digital_legacy', { signal });

export const setDigitalLegacy = (request: DigitalLegacyRequest): Promise<DigitalLegacy> =>
  apiRequest<DigitalLegacy>('/digital_legacy', { method: 'POST', json: request });

/**
 * E-mail consent goes to its own host when configured (account.md §7); with an identifier (a mail's
 * link) no sign-in is sent, so it works signed out and for another address than the signed-in one.
 */
export const getEmailConsent = (host: string | undefined, identifier?: string, signal?: AbortSignal) =>
  apiRequest<EmailConsent>('/user/email_consent', {
    host,
    signal,
    auth: identifier === undefined,
    query: { email_consent_identifier: identifier },
  });

export const setEmailConsent = (host: string | undefined, consent: boolean, identifier?: string) =>
  apiRequest<EmailConsent>('/user/email_consent', {
    host,
    method: 'POST',
    auth: identifier === undefined,
    json: { email_consent: consent, ...(identifier ? { email_consent_identifier: identifier } : {}) },
  });

export const approveTerms = (version: string): Promise<void> =>
  apiRequest<void>('/approve_tos', { method: 'POST', json: { tos_version: version } });

export const reportClientError = (report: ClientErrorReport): Promise<void> =>
  apiRequest<void>('/client_errors', { method: 'POST', json: report });

export const sendClientStats = (stats: { last_foreground?: number; last_engaged?: number }): Promise<void> =>
  apiRequest<void>('/client_stats', { method: 'POST', json: stats });

export const sendStatisticsEvents = (events: { name: string; timestamp: number }[]): Promise<void> =>
  apiRequest<void>('/user_statistics_events', { method: 'POST', json: { events } });
