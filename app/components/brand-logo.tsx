import { BRAND_COLORS } from '../lib/theme.ts';

/** The product mark: three candles rising inside a rounded square (same drawing as /favicon.svg). */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={BRAND_COLORS.primary} />
      <path d="M9 9v14M16 6v18M23 4v16" stroke="#ffffff" strokeOpacity="0.55" strokeWidth="1.5" />
      <rect x="6.5" y="14" width="5" height="7" rx="1" fill="#ffffff" />
      <rect x="13.5" y="10" width="5" height="10" rx="1" fill="#ffffff" />
      <rect x="20.5" y="6" width="5" height="10" rx="1" fill={BRAND_COLORS.gold} />
    </svg>
  );
}
