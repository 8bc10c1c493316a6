import type { AccountAttribute, AccountInfo, DeviceList } from '@nordlys/contract/account';
import { isLocale } from '@nordlys/contract/language-rule';
import i18n from '../i18n/i18n';
import { apiRequest } from './client';

export type {
  AccountAttribute,
  AccountInfo,
  Device as ConnectedDevice,
  DeviceList as DevicesResponse,
} from '@nordlys/contract/account';

/** account.md §7: `GET /account_info` carries the app language (the locale shown). */
export const accountInfoQuery = (): { language?: string } =>
  isLocale(i18n.language) ? { language: i18n.language } : {};

export const getAccountInfo = (signal?: AbortSignal): Promise<AccountInfo> =>
  apiRequest<AccountInfo>('/account_info', { signal, query: accountInfoQuery() });

export const setProfileName = (name: string): Promise<AccountInfo> =>
  apiRequest<AccountInfo>('/name', { method: 'POST', json: { name } });

export function uploadProfilePicture(image: Blob): Promise<{ profile_picture_url: string }> {
  const form = new FormData();
  form.append('file', image, 'profile-picture.jpg');
  return apiRequest<{ profile_picture_url: string }>('/profile_picture', { method: 'POST', body: form });
}

export const logout = (): Promise<void> => apiRequest<void>('/logout', { method: 'POST' });

export const getDevices = (signal?: AbortSignal): Promise<DeviceList> =>
  apiRequest<DeviceList>('/devices', { signal });

export const deleteDevice = (id: string): Promise<void> =>
  apiRequest<void>(`/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Undefined when the attribute was never set (204). */
export const getAccountAttribute = (
  key: string,
  signal?: AbortSignal,
): Promise<AccountAttribute | undefined> =>
  apiRequest<AccountAttribute | undefined>('/account_attribute', { query: { key }, signal });

export const setAccountAttribute = (key: string, value: string): Promise<AccountAttribute> =>
  apiRequest<AccountAttribute>('/account_attribute', { method: 'POST', json: { key, value } });

export const deleteAccountAttribute = (key: string): Promise<void> =>
  apiRequest<void>('/account_attribute', { method: 'DELETE', query: { key } });
