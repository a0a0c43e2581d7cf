import { GlobalOutlined } from '@ant-design/icons';
import { Button, type MenuProps } from 'antd';
import { useState } from 'react';
import { LOCALES, type Locale } from '#shared/constants.ts';
import { useFeedback } from '../lib/feedback.tsx';
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
  const { message } = useFeedback();
  const locale = i18n.language;
  // The language being downloaded: the button spins meanwhile (a slow connection takes a moment).
  const [pending, setPending] = useState<Locale | null>(null);
  const choose = (next: Locale) => {
    if (next === locale && pending === null) return;
    setPending(next);
    changeLocale(next).then(
      () => setPending((current) => (current === next ? null : current)),
      (error: unknown) => {
        setPending((current) => (current === next ? null : current));
        console.warn('language switch: the texts could not be downloaded', error);
        message.error(t('header.languageFailed', { language: t(`header.languageNames.${next}`) }));
      },
    );
  };
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
          if (isLocale(key)) choose(key);
        },
      }}
    >
      <Button
        type="text"
        data-testid="language-switch"
        aria-label={`${t('header.language')}: ${t(`header.languageNames.${locale}`)}`}
        icon={<GlobalOutlined />}
        loading={pending !== null}
        style={tone === 'light' ? { color: 'rgba(255, 255, 255, 0.88)' } : undefined}
      >
        {compact ? null : t(`header.languageNames.${locale}`)}
      </Button>
    </MenuDropdown>
  );
}
