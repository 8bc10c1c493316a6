import type { ConsentType, DigitalLegacyRequest } from '@nordlys/contract/privacy';
import {
  type AccountDeletion,
  approveTerms,
  type ConsentValues,
  checkDataAccessAvailability,
  type DataCopy,
  type DigitalLegacy,
  type EmailConsent,
  getConsents,
  getDataCopy,
  getDigitalLegacy,
  getEmailConsent,
  requestAccountDeletion,
  requestDataAccess,
  setConsent,
  setDigitalLegacy,
  setEmailConsent,
} from '../api/privacy.api';
import { reading, serverCache, through } from './server-cache.api';

/** Whose newsletter consent: the signed-in user's (no identifier) or a mail link's, on its host. */
export interface EmailConsentKey {
  host: string | undefined;
  identifier?: string;
}

export const privacyCache = serverCache.injectEndpoints({
  endpoints: (build) => ({
    consents: build.query<ConsentValues, void>({
      queryFn: reading((signal) => getConsents(signal)),
      providesTags: ['Consents'],
    }),
    // No tag: the toggles keep their own optimistic state, and a refetch would undo a pending one.
    setConsent: build.mutation<ConsentValues, { key: ConsentType; value: boolean }>({
      queryFn: through(({ key, value }: { key: ConsentType; value: boolean }) => setConsent(key, value)),
    }),
    emailConsent: build.query<EmailConsent, EmailConsentKey>({
      queryFn: through(({ host, identifier }: EmailConsentKey, signal) =>
        getEmailConsent(host, identifier, signal),
      ),
      providesTags: ['EmailConsent'],
    }),
    setEmailConsent: build.mutation<EmailConsent, EmailConsentKey & { consent: boolean }>({
      queryFn: through(({ host, consent, identifier }: EmailConsentKey & { consent: boolean }) =>
        setEmailConsent(host, consent, identifier),
      ),
    }),
    digitalLegacy: build.query<DigitalLegacy, void>({
      queryFn: reading((signal) => getDigitalLegacy(signal)),
      providesTags: ['DigitalLegacy'],
    }),
    setDigitalLegacy: build.mutation<DigitalLegacy, DigitalLegacyRequest>({
      queryFn: through((request: DigitalLegacyRequest) => setDigitalLegacy(request)),
    }),
    /** Resolves when a copy may be requested; fails within 24 hours of the last request. */
    dataAccessAvailable: build.query<unknown, void>({
      queryFn: reading((signal) => checkDataAccessAvailability(signal)),
      providesTags: ['DataCopy'],
    }),
    dataCopy: build.query<DataCopy | null, void>({
      queryFn: reading((signal) => getDataCopy(signal)),
      providesTags: ['DataCopy'],
    }),
    requestDataAccess: build.mutation<DataCopy, void>({
      queryFn: through(() => requestDataAccess()),
    }),
    requestAccountDeletion: build.mutation<AccountDeletion, void>({
      queryFn: through(() => requestAccountDeletion()),
    }),
    approveTerms: build.mutation<void, string>({
      queryFn: through((version: string) => approveTerms(version)),
    }),
  }),
});

export const {
  useConsentsQuery,
  useSetConsentMutation,
  useEmailConsentQuery,
  useSetEmailConsentMutation,
  useDigitalLegacyQuery,
  useSetDigitalLegacyMutation,
  useDataAccessAvailableQuery,
  useDataCopyQuery,
  useRequestDataAccessMutation,
  useRequestAccountDeletionMutation,
  useApproveTermsMutation,
} = privacyCache;
