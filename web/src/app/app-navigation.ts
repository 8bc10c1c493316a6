import { useEffect } from 'react';
import { type NavigateFunction, type NavigateOptions, useNavigate } from 'react-router';

/**
 * The router's navigate for code outside components (toast links, actions run after sign-in),
 * bound by the layout once the router exists.
 */
let navigateFn: NavigateFunction | null = null;

export function navigateTo(path: string, options?: NavigateOptions): void {
  if (navigateFn) void navigateFn(path, options);
  else window.location.assign(path);
}

export function useBindNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    navigateFn = navigate;
    return () => {
      if (navigateFn === navigate) navigateFn = null;
    };
  }, [navigate]);
}
