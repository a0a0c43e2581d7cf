import { LoadingOutlined, TranslationOutlined } from '@ant-design/icons';
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
  // While a language downloads its icon spins (a slow connection takes a moment); the menu still opens, so
  // another choice can be made meanwhile. A choice overtaken by a later one (changeLocale answers false)
  // leaves the spinner to that one; only the latest choice settles or fails.
  const [pending, setPending] = useState(false);
  const choose = (next: Locale) => {
    if (next === locale && !pending) return;
    setPending(true);
    changeLocale(next).then(
      (applied) => {
        if (applied) setPending(false);
      },
      (error: unknown) => {
        setPending(false);
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
        icon={pending ? <LoadingOutlined /> : <TranslationOutlined />}
        aria-busy={pending}
        style={tone === 'light' ? { color: 'rgba(255, 255, 255, 0.88)' } : undefined}
      >
        {compact ? null : t(`header.languageNames.${locale}`)}
      </Button>
    </MenuDropdown>
  );
}
