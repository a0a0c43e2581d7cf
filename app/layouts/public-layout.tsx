import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { MenuDropdown } from '../components/menu-dropdown.tsx';
import { RouteOutlet } from '../components/route-outlet.tsx';
import { UserMenu } from '../components/user-menu.tsx';
import { useAuth } from '../lib/auth/auth-context.tsx';
import { activeSectionKey } from '../lib/sections.ts';
import { BRAND_COLORS, LAYOUT_COLORS } from '../lib/theme.ts';
import { useHorizontalMenu } from '../lib/use-horizontal-menu.ts';
import { useScreen } from '../lib/use-media-query.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { publicMenuItems } from './public-menu.tsx';

// The horizontal menu (antd's Menu) is drawn only on screens wider than 1560 px: narrower ones, phones first,
// do not download it.
const HorizontalMenu = lazy(async () => ({
  default: (await import('./public-horizontal-menu.tsx')).HorizontalMenu,
}));

// The hub, the system messages and the membership notice serve only someone signed in: visitors do not
// download them.
const SignedInExtras = lazy(async () => ({
  default: (await import('./signed-in-extras.tsx')).SignedInExtras,
}));

/** Set once someone has signed in in this tab: the signed-in parts then stay mounted, to close after a sign-out. */
let signedInOnce = false;

function useSignedInOnce(): boolean {
  const auth = useAuth();
  if (auth.status === 'authenticated') signedInOnce = true;
  return signedInOnce;
}

const LIGHT_TEXT = 'rgba(255, 255, 255, 0.88)';
/** antd's text colour, which its Layout gave the header and the content. */
const TEXT = 'rgba(0, 0, 0, 0.88)';

export function PublicLayout() {
  const { t } = useTranslation();
  const horizontal = useHorizontalMenu();
  const location = useLocation();
  const active = activeSectionKey(location.pathname, location.search);
  const selectedKeys = active ? [active] : [];
  const phone = !useScreen('sm');
  const wide = useScreen('lg');
  const year = new Date().getFullYear();
  const signedIn = useSignedInOnce();

  return (
    // The frame antd's Layout drew (header 64 px high, content, footer), drawn with its colours and tags
    // without it: its module brings the collapsible side bar (and its icons) to every public page.
    <div
      style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', background: LAYOUT_COLORS.body }}
    >
      <header
        className="portal-frame-header"
        style={{
          flex: '0 0 auto',
          height: 64,
          lineHeight: '64px',
          color: TEXT,
          background: LAYOUT_COLORS.header,
          position: 'sticky',
          top: 0,
          zIndex: 100,
          display: 'flex',
          alignItems: 'center',
          gap: phone ? 8 : 16,
          paddingInline: phone ? 12 : 24,
          boxShadow: '0 1px 0 rgba(255, 255, 255, 0.06)',
        }}
      >
        <Link
          to="/"
          aria-label={t('product.name')}
          style={{ display: 'flex', alignItems: 'center', gap: 10, flexShrink: 0, color: '#ffffff' }}
        >
          <BrandLogo size={phone ? 28 : 32} />
          <span style={{ fontSize: phone ? 16 : 18, fontWeight: 600, whiteSpace: 'nowrap' }}>
            {wide ? t('product.name') : t('product.shortName')}
          </span>
        </Link>

        {horizontal ? (
          <nav aria-label={t('nav.ariaLabel')} data-testid="menu-horizontal" style={{ flex: 1, minWidth: 0 }}>
            <Suspense fallback={null}>
              <HorizontalMenu items={publicMenuItems(t, 'horizontal')} selectedKeys={selectedKeys} />
            </Suspense>
          </nav>
        ) : (
          <div style={{ flex: 1 }} />
        )}

        <div style={{ display: 'flex', alignItems: 'center', gap: phone ? 4 : 8, flexShrink: 0 }}>
          {horizontal ? null : (
            <MenuDropdown
              menu={{ items: publicMenuItems(t, 'dropdown'), selectedKeys, style: { minWidth: 220 } }}
            >
              <Button
                type="text"
                data-testid="menu-dropdown-trigger"
                aria-label={t('nav.menu')}
                icon={<MenuOutlined />}
                style={{ color: LIGHT_TEXT }}
              >
                {phone ? null : t('nav.menu')}
              </Button>
            </MenuDropdown>
          )}
          <LanguageSwitch tone="light" compact={phone} />
          <UserMenu tone="light" compact={phone} />
        </div>
      </header>

      <main
        className="portal-frame-content"
        style={{ flex: 'auto', minHeight: 0, color: TEXT, display: 'flex', flexDirection: 'column' }}
      >
        {signedIn ? (
          <Suspense fallback={null}>
            <SignedInExtras />
          </Suspense>
        ) : null}
        <RouteOutlet />
      </main>

      <footer
        className="portal-frame-footer"
        style={{
          flex: '0 0 auto',
          fontSize: 14,
          background: LAYOUT_COLORS.footer,
          color: 'rgba(255, 255, 255, 0.6)',
          padding: phone ? '28px 16px' : '36px 24px',
        }}
      >
        <div style={{ maxWidth: 960, margin: '0 auto', textAlign: 'center', fontSize: 13, lineHeight: 1.8 }}>
          <div data-testid="footer-disclaimer">
            <div style={{ color: LIGHT_TEXT, fontWeight: 600, marginBottom: 4 }}>
              {t('footer.disclaimerTitle')}
            </div>
            <p style={{ margin: 0 }}>{t('footer.disclaimer')}</p>
          </div>
          <div
            style={{
              marginTop: 20,
              paddingTop: 16,
              borderTop: `1px solid rgba(255, 255, 255, 0.08)`,
              color: 'rgba(255, 255, 255, 0.45)',
            }}
          >
            <span style={{ color: BRAND_COLORS.gold, marginInlineEnd: 8 }}>◆</span>
            {t('footer.copyright', { year })}
          </div>
        </div>
      </footer>
    </div>
  );
}
