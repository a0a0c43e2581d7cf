import { GlobalOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { LOCALES } from '#shared/constants.ts';
import { changeLocale } from '../lib/i18n.ts';
import { isLocale } from '../lib/locale.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { MenuDropdown } from './menu-dropdown.tsx';

interface LanguageSwitchProps {
  /** Light text for dark headers. */
  tone?: 'light' | 'dark';
  /** Show only the globe icon (narrow screens). */
  compact?: boolean;
}

export function LanguageSwitch({ tone = 'dark', compact = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const items: MenuProps['items'] = LOCALES.map((code) => ({
    key: code,
    label: (
      <span data-testid={`language-option-${code}`} lang={code === 'zh' ? 'zh-CN' : 'en'}>
        {t(`header.languageNames.${code}`)}
      </span>
    ),
  }));
  return (
    <MenuDropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [locale],
        onClick: ({ key }) => {
          if (isLocale(key)) void changeLocale(key);
        },
      }}
    >
      <Button
        type="text"
        data-testid="language-switch"
        aria-label={`${t('header.language')}: ${t(`header.languageNames.${locale}`)}`}
        icon={<GlobalOutlined />}
        style={tone === 'light' ? { color: 'rgba(255, 255, 255, 0.88)' } : undefined}
      >
        {compact ? null : t(`header.languageNames.${locale}`)}
      </Button>
    </MenuDropdown>
  );
}
