import { Carousel } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { LessonsArt, MonitoringArt, SignalsArt } from './carousel-art.tsx';

const SLIDES: readonly { key: 'lessons' | 'signals' | 'monitoring'; art: ReactNode }[] = [
  { key: 'lessons', art: <LessonsArt /> },
  { key: 'signals', art: <SignalsArt /> },
  { key: 'monitoring', art: <MonitoringArt /> },
];

/** The left half of the login screen (spec §2): three illustrated slides with captions. */
export function AuthCarousel() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-carousel" data-testid="auth-carousel" style={{ height: '100%' }}>
      <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={6000} effect="fade" dotPlacement="bottom">
        {SLIDES.map((slide) => (
          <div key={slide.key}>
            <div
              data-testid={`auth-slide-${slide.key}`}
              style={{
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'center',
                minHeight: 640,
                padding: '48px 56px 72px',
                color: '#ffffff',
              }}
            >
              <div style={{ width: '100%', maxWidth: 480, margin: '0 auto', aspectRatio: '3 / 2' }}>
                {slide.art}
              </div>
              <div style={{ maxWidth: 480, margin: '28px auto 0', width: '100%' }}>
                <div style={{ color: '#f2b33d', fontSize: 13, fontWeight: 600, letterSpacing: 1 }}>
                  {t(`carousel.${slide.key}.eyebrow`)}
                </div>
                <h2 style={{ color: '#ffffff', fontSize: 26, lineHeight: 1.35, margin: '8px 0 12px' }}>
                  {t(`carousel.${slide.key}.title`)}
                </h2>
                <p style={{ color: 'rgba(255, 255, 255, 0.72)', fontSize: 15, lineHeight: 1.8, margin: 0 }}>
                  {t(`carousel.${slide.key}.text`)}
                </p>
              </div>
            </div>
          </div>
        ))}
      </Carousel>
    </div>
  );
}
