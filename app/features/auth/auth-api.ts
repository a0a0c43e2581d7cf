import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../lib/use-api.ts';

/** Renew a captcha this long before the server forgets it, so a slow typist never submits an expired one. */
const CAPTCHA_RENEW_MARGIN_SECONDS = 15;

/**
 * A graphical captcha (spec §5: 6 characters, 60 px high). Captchas are single use: call `refetch()` after
 * every attempt. It also renews itself shortly before it expires.
 */
export function useCaptcha() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['captcha'],
    queryFn: ({ signal }) => api.get('/Auth/Captcha', { anonymous: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchInterval: (query) => {
      const seconds = query.state.data?.expiresInSeconds;
      return seconds ? Math.max(seconds - CAPTCHA_RENEW_MARGIN_SECONDS, 15) * 1000 : false;
    },
  });
}

export function captchaImageSource(svg: string): string {
  // The CSP forbids inline script but allows data: images; an <img> never runs what an SVG might contain.
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
