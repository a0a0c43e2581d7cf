import { Link } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { RouteOutlet } from '../components/route-outlet.tsx';
import { useScreen } from '../lib/use-media-query.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The frame of the sign-in, registration, recovery and sign-out pages: the brand and the language switch on
 * the portal's navy backdrop, the page centred below.
 */
export function AuthLayout() {
  const { t } = useTranslation();
  const phone = !useScreen('sm');
  const year = new Date().getFullYear();
  return (
    <div className="auth-backdrop" data-testid="auth-layout">
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 12,
          padding: phone ? '12px 12px' : '16px 32px',
        }}
      >
        <Link
          to="/"
          aria-label={t('product.name')}
          style={{ display: 'flex', alignItems: 'center', gap: 10, color: '#ffffff', minWidth: 0 }}
        >
          <BrandLogo size={phone ? 28 : 32} />
          <span style={{ fontSize: phone ? 16 : 18, fontWeight: 600, whiteSpace: 'nowrap' }}>
            {t('product.name')}
          </span>
        </Link>
        <LanguageSwitch tone="light" compact={phone} />
      </header>
      <main className="auth-main">
        <RouteOutlet />
      </main>
      <footer
        style={{
          textAlign: 'center',
          padding: '16px 12px 20px',
          color: 'rgba(255, 255, 255, 0.45)',
          fontSize: 12,
        }}
      >
        {t('footer.copyright', { year })}
      </footer>
    </div>
  );
}
