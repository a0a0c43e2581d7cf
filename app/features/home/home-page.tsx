import {
  ArrowRightOutlined,
  CustomerServiceOutlined,
  LoginOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { ColorTag } from '../../components/color-tag.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { Panel } from '../../components/panel.tsx';
import { Heading, Paragraph } from '../../components/prose.tsx';
import { sectionIcon } from '../../components/section-icon.tsx';
import { Stack } from '../../components/stack.tsx';
import { SECTIONS, type Section, TRADING_VIEWS } from '../../lib/sections.ts';
import { BRAND_COLORS } from '../../lib/theme.ts';
import { useScreen } from '../../lib/use-media-query.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const CONTAINER = { width: '100%', maxWidth: 1200, margin: '0 auto' } as const;

// antd's Row and Col as this page used them, without antd's grid module (the page is the first most
// visitors load): a wrapping flex row, the gutter as the columns' padding, spans out of 24.
function Row({
  gutter: [across, down],
  middle,
  children,
}: {
  gutter: [number, number];
  middle?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        display: 'flex',
        flexFlow: 'row wrap',
        minWidth: 0,
        rowGap: down,
        marginInline: across ? -across / 2 : undefined,
        alignItems: middle ? 'center' : undefined,
      }}
    >
      {children}
    </div>
  );
}

function Col({ span, gutter, children }: { span: number; gutter: number; children: ReactNode }) {
  const width = `${(span / 24) * 100}%`;
  return (
    <div
      style={{
        position: 'relative',
        display: 'block',
        minHeight: 1,
        flex: `0 0 ${width}`,
        maxWidth: width,
        paddingInline: gutter ? gutter / 2 : undefined,
      }}
    >
      {children}
    </div>
  );
}

/** antd's info Alert with a description, as the page drew it, in the theme's colours (a standing note). */
function Note({
  icon,
  title,
  text,
  style,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  style: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <div
      role="note"
      data-testid="membership-note"
      style={{
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'flex-start',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
        wordWrap: 'break-word',
        background: token.colorInfoBg,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorInfoBorder}`,
        borderRadius: token.borderRadiusLG,
        ...style,
      }}
    >
      <span
        style={{
          color: token.colorInfo,
          marginInlineEnd: token.marginSM,
          fontSize: token.fontSizeHeading3,
          lineHeight: 0,
        }}
      >
        {icon}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div
          style={{
            display: 'block',
            marginBottom: token.marginXS,
            color: token.colorTextHeading,
            fontSize: token.fontSizeLG,
          }}
        >
          {title}
        </div>
        <div
          style={{
            display: 'block',
            color: token.colorText,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
          }}
        >
          {text}
        </div>
      </div>
    </div>
  );
}

function Highlight({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack gap={14} align="flex-start">
      <span
        style={{
          flexShrink: 0,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 40,
          height: 40,
          borderRadius: 10,
          background: 'rgba(242, 179, 61, 0.14)',
          color: BRAND_COLORS.gold,
          fontSize: 20,
        }}
      >
        {icon}
      </span>
      <div>
        <div style={{ color: '#ffffff', fontWeight: 600, marginBottom: 2 }}>{title}</div>
        <div style={{ color: 'rgba(255, 255, 255, 0.66)', fontSize: 13, lineHeight: 1.7 }}>{text}</div>
      </div>
    </Stack>
  );
}

function SectionCard({ section }: { section: Section }) {
  const { t } = useTranslation('home');
  const links =
    section.key === 'trading'
      ? TRADING_VIEWS.filter((view) => view.key !== 'tradingStatistics').map((view) => ({
          to: view.path,
          label: t(view.key === 'tradingLive' ? 'sections.live' : 'sections.strategy'),
        }))
      : [{ to: section.path, label: t('sections.open') }];
  return (
    <Panel
      hoverable
      testId={`section-card-${section.key}`}
      style={{ display: 'flex', flexDirection: 'column', gap: 12, height: '100%' }}
    >
      <Stack justify="space-between" align="center" gap={8}>
        <span
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 44,
            height: 44,
            borderRadius: 12,
            background: 'rgba(33, 96, 232, 0.1)',
            color: BRAND_COLORS.primary,
            fontSize: 22,
          }}
        >
          {sectionIcon(section.key)}
        </span>
        {section.membersOnly ? (
          <ColorTag tone="gold" variant="outlined">
            {t('sections.membersOnly')}
          </ColorTag>
        ) : (
          <ColorTag tone="green" variant="outlined">
            {t('sections.openToAll')}
          </ColorTag>
        )}
      </Stack>
      <Heading level={4} style={{ margin: 0 }}>
        {t(`sections.titles.${section.key}`)}
      </Heading>
      <Paragraph secondary style={{ margin: 0, flex: 1 }}>
        {t(`sections.descriptions.${section.key}`)}
      </Paragraph>
      <Stack gap={16} wrap>
        {links.map((link) => (
          <Link key={link.to} to={link.to} style={{ fontWeight: 500 }}>
            {link.label} <ArrowRightOutlined />
          </Link>
        ))}
      </Stack>
    </Panel>
  );
}

export function HomePage() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation();
  const phone = !useScreen('sm');
  const wide = useScreen('lg');
  const heroGutter = wide ? 48 : 0;
  const paddingInline = phone ? 16 : 24;

  return (
    <div data-testid="home-page" style={{ width: '100%' }}>
      <title>{`${tCommon('product.name')} · ${tCommon('product.tagline')}`}</title>

      <section
        style={{
          background: `radial-gradient(1200px 500px at 85% -10%, rgba(33, 96, 232, 0.55), transparent 60%), linear-gradient(160deg, ${BRAND_COLORS.navy} 0%, #0d2145 100%)`,
          color: '#ffffff',
          padding: phone ? `40px ${paddingInline}px 48px` : `72px ${paddingInline}px 80px`,
        }}
      >
        <div style={CONTAINER}>
          <Row gutter={[heroGutter, 32]} middle>
            <Col span={wide ? 14 : 24} gutter={heroGutter}>
              <span
                style={{
                  color: BRAND_COLORS.gold,
                  fontWeight: 600,
                  letterSpacing: 1,
                  textTransform: 'uppercase',
                  fontSize: 13,
                }}
              >
                {t('hero.eyebrow')}
              </span>
              <Heading
                style={{
                  color: '#ffffff',
                  margin: '12px 0 20px',
                  fontSize: phone ? 32 : 44,
                  lineHeight: 1.2,
                }}
              >
                {tCommon('product.name')}
              </Heading>
              <Paragraph
                style={{
                  color: 'rgba(255, 255, 255, 0.78)',
                  fontSize: phone ? 15 : 17,
                  lineHeight: 1.85,
                  maxWidth: 640,
                }}
              >
                {t('hero.pitch')}
              </Paragraph>
              <Stack gap={12} wrap style={{ marginTop: 28 }}>
                <LinkButton type="primary" size="large" to="/Account/Login" icon={<LoginOutlined />}>
                  {t('hero.signIn')}
                </LinkButton>
                <LinkButton size="large" ghost to="/teach" icon={<ReadOutlined />}>
                  {t('hero.browseTutorials')}
                </LinkButton>
              </Stack>
            </Col>
            <Col span={wide ? 10 : 24} gutter={heroGutter}>
              <div
                style={{
                  background: 'rgba(255, 255, 255, 0.05)',
                  border: '1px solid rgba(255, 255, 255, 0.1)',
                  borderRadius: 16,
                  padding: phone ? 20 : 28,
                  backdropFilter: 'blur(4px)',
                }}
              >
                <Stack align="center" gap={10} style={{ marginBottom: 20 }}>
                  <BrandLogo size={28} />
                  <span style={{ fontWeight: 600, fontSize: 16 }}>{t('highlights.title')}</span>
                </Stack>
                <Stack vertical gap={20}>
                  <Highlight
                    icon={<ThunderboltOutlined />}
                    title={t('highlights.realtime.title')}
                    text={t('highlights.realtime.text')}
                  />
                  <Highlight
                    icon={<SafetyCertificateOutlined />}
                    title={t('highlights.learning.title')}
                    text={t('highlights.learning.text')}
                  />
                  <Highlight
                    icon={<TranslationOutlined />}
                    title={t('highlights.bilingual.title')}
                    text={t('highlights.bilingual.text')}
                  />
                </Stack>
              </div>
            </Col>
          </Row>
        </div>
      </section>

      <section style={{ padding: phone ? `36px ${paddingInline}px` : `56px ${paddingInline}px` }}>
        <div style={CONTAINER}>
          <Heading level={2} style={{ marginTop: 0, marginBottom: 8 }}>
            {t('sections.title')}
          </Heading>
          <Paragraph secondary style={{ fontSize: 15, marginBottom: 28 }}>
            {t('sections.subtitle')}
          </Paragraph>
          <Row gutter={[20, 20]}>
            {SECTIONS.map((section) => (
              <Col key={section.key} span={wide ? 6 : phone ? 24 : 12} gutter={20}>
                <SectionCard section={section} />
              </Col>
            ))}
          </Row>

          <Note
            icon={<CustomerServiceOutlined />}
            style={{ marginTop: 32, padding: phone ? 16 : '20px 24px' }}
            title={t('membership.title')}
            text={t('membership.text')}
          />
        </div>
      </section>

      <section style={{ padding: `0 ${paddingInline}px ${phone ? 40 : 64}px` }}>
        <Stack
          style={{
            ...CONTAINER,
            background: '#ffffff',
            borderRadius: 16,
            border: '1px solid rgba(5, 5, 5, 0.06)',
            padding: phone ? 20 : '28px 36px',
          }}
          justify="space-between"
          align={phone ? 'flex-start' : 'center'}
          vertical={phone}
          gap={16}
        >
          <div>
            <Heading level={3} style={{ margin: 0 }}>
              {t('cta.title')}
            </Heading>
            <Paragraph secondary style={{ margin: '6px 0 0' }}>
              {t('cta.text')}
            </Paragraph>
          </div>
          <LinkButton type="primary" size="large" to="/Account/Login" icon={<LoginOutlined />}>
            {t('hero.signIn')}
          </LinkButton>
        </Stack>
      </section>
    </div>
  );
}
