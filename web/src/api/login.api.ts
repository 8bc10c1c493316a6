import type { LoginConfig, LoginExchangeRequest, LoginExchangeResponse } from '@nordlys/contract/account';
import { apiRequest } from './client';

export type { LoginConfig, LoginExchangeRequest, LoginExchangeResponse } from '@nordlys/contract/account';

export const getLoginConfig = (signal?: AbortSignal): Promise<LoginConfig> =>
  apiRequest<LoginConfig>('/login/config', { auth: false, signal });

/** The postflight: the server redeems the code with the provider and registers this device. */
export const exchangeLoginCode = (request: LoginExchangeRequest): Promise<LoginExchangeResponse> =>
  apiRequest<LoginExchangeResponse>('/login/exchange', { method: 'POST', json: request, auth: false });
