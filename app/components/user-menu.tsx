import {
  DashboardOutlined,
  DownOutlined,
  EditOutlined,
  IdcardOutlined,
  LoginOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { ROLE } from '#shared/roles.ts';
import { useAccount, useAvatar } from '../lib/account.ts';
import { useAuth } from '../lib/auth/auth-context.tsx';
import { AUTH_PATHS, LOCAL_SIGN_OUT_STATE, manualLoginPath } from '../lib/auth/auth-paths.ts';
import { checkReturnUrl, currentReturnUrl } from '../lib/auth/return-url.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { LinkButton } from './link-button.tsx';
import { MenuDropdown } from './menu-dropdown.tsx';
import { PersonPicture } from './person-picture.tsx';

interface UserMenuProps {
  /** Light text for the dark public header. */
  tone?: 'light' | 'dark';
  /** Avatar only (narrow screens). */
  compact?: boolean;
}

/** The header's account entry: "sign in" when signed out, the personal dropdown when signed in (spec §2). */
export function UserMenu({ tone = 'dark', compact = false }: UserMenuProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'anonymous') {
    const here = checkReturnUrl(currentReturnUrl(location), window.location.origin);
    return (
      <LinkButton data-testid="sign-in" type="primary" to={manualLoginPath(here)} icon={<LoginOutlined />}>
        {t('header.signIn')}
      </LinkButton>
    );
  }
  // The account's place while it loads: a round placeholder of the avatar's size (app/styles.css).
  const pending = (
    <span
      className={`portal-avatar-pending portal-avatar-pending-${tone}`}
      data-testid="user-menu-pending"
      aria-hidden="true"
    />
  );
  if (auth.status !== 'authenticated') return pending;
  return <SignedInMenu tone={tone} compact={compact} />;
}

function SignedInMenu({ tone, compact }: Required<UserMenuProps>) {
  const { t } = useTranslation();
  const auth = useAuth();
  const account = useAccount();
  const avatar = useAvatar();
  const name =
    account.data?.nickName ||
    account.data?.email ||
    auth.user?.nickname ||
    auth.user?.email ||
    auth.user?.name;
  const isAdmin = account.data?.roles.includes(ROLE.admin) ?? false;

  const items: MenuProps['items'] = [
    {
      key: 'info',
      icon: <IdcardOutlined />,
      label: <Link to="/personal/info">{t('header.accountMenu.info')}</Link>,
    },
    {
      key: 'edit',
      icon: <EditOutlined />,
      label: <Link to="/personal/edit">{t('header.accountMenu.edit')}</Link>,
    },
    {
      key: 'safeset',
      icon: <SafetyCertificateOutlined />,
      label: <Link to="/personal/safeset">{t('header.accountMenu.safeset')}</Link>,
    },
    ...(isAdmin
      ? [
          { type: 'divider' as const },
          {
            key: 'admin',
            icon: <DashboardOutlined />,
            label: (
              <Link to="/admin/account/list" data-testid="admin-entry">
                {t('header.admin')}
              </Link>
            ),
          },
        ]
      : []),
    { type: 'divider' as const },
    {
      key: 'logout',
      danger: true,
      icon: <LogoutOutlined />,
      label: (
        <Link to={AUTH_PATHS.logout} state={LOCAL_SIGN_OUT_STATE} data-testid="sign-out">
          {t('header.accountMenu.logout')}
        </Link>
      ),
    },
  ];

  return (
    <MenuDropdown menu={{ items, style: { minWidth: 200 } }}>
      <Button
        type="text"
        data-testid="user-menu"
        aria-label={t('header.account', { name: name ?? '' })}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          height: 40,
          paddingInline: compact ? 4 : 8,
          color: tone === 'light' ? 'rgba(255, 255, 255, 0.88)' : undefined,
        }}
      >
        <PersonPicture src={avatar.data?.pic} size={28} style={{ background: '#ffffff' }} />
        {compact ? null : (
          <span
            data-testid="user-menu-name"
            style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {name}
          </span>
        )}
        {compact ? null : <DownOutlined style={{ fontSize: 10 }} />}
      </Button>
    </MenuDropdown>
  );
}
