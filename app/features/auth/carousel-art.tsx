// The three illustrations of the login carousel, drawn in SVG so the screen needs no external images.
// Each is decorative (aria-hidden); the slide's caption says what it shows.

import type { ReactNode } from 'react';

const BLUE = '#2160e8';
const SKY = '#6f9bff';
const GOLD = '#f2b33d';
const UP = '#2fc48d';
const DOWN = '#f0616d';
const INK = '#0b1526';

function Frame({ id, children }: { id: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 480 320" width="100%" height="100%" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-glow`} cx="50%" cy="45%" r="60%">
          <stop offset="0%" stopColor={BLUE} stopOpacity="0.45" />
          <stop offset="100%" stopColor={BLUE} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-panel`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#1b3a78" />
          <stop offset="100%" stopColor="#132a57" />
        </linearGradient>
      </defs>
      <rect width="480" height="320" fill={`url(#${id}-glow)`} />
      {children}
    </svg>
  );
}

/** Candles as [x, open, close, high, low] in slide coordinates. */
function Candles({ candles, width = 14 }: { candles: readonly (readonly number[])[]; width?: number }) {
  return (
    <g>
      {candles.map(([x = 0, open = 0, close = 0, high = 0, low = 0]) => {
        const up = close < open; // smaller y is higher on screen
        const top = Math.min(open, close);
        return (
          <g key={x}>
            <line
              x1={x}
              x2={x}
              y1={high}
              y2={low}
              stroke={up ? UP : DOWN}
              strokeWidth="2"
              strokeLinecap="round"
            />
            <rect
              x={x - width / 2}
              y={top}
              width={width}
              height={Math.max(Math.abs(open - close), 3)}
              rx="2"
              fill={up ? UP : DOWN}
            />
          </g>
        );
      })}
    </g>
  );
}

/** Slide 1: structured lessons, a chart rising out of an open book. */
export function LessonsArt() {
  return (
    <Frame id="lessons">
      <g opacity="0.35" stroke={SKY} strokeWidth="1">
        <line x1="90" x2="390" y1="70" y2="70" />
        <line x1="90" x2="390" y1="110" y2="110" />
        <line x1="90" x2="390" y1="150" y2="150" />
        <line x1="90" x2="390" y1="190" y2="190" />
      </g>
      <Candles
        candles={[
          [130, 176, 160, 150, 184],
          [162, 164, 168, 156, 178],
          [194, 166, 140, 132, 172],
          [226, 142, 120, 110, 150],
          [258, 124, 130, 114, 138],
          [290, 128, 98, 88, 134],
          [322, 100, 78, 66, 108],
          [354, 80, 58, 46, 88],
        ]}
      />
      <path
        d="M120 190 C 170 170, 200 150, 240 128 S 320 90, 370 56"
        fill="none"
        stroke={GOLD}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="370" cy="56" r="6" fill={GOLD} />
      <path
        d="M240 214 C 200 198, 140 196, 92 204 L 92 272 C 140 264, 200 266, 240 282 Z"
        fill="url(#lessons-panel)"
        stroke={SKY}
        strokeWidth="2"
      />
      <path
        d="M240 214 C 280 198, 340 196, 388 204 L 388 272 C 340 264, 280 266, 240 282 Z"
        fill="url(#lessons-panel)"
        stroke={SKY}
        strokeWidth="2"
      />
      <g stroke="#ffffff" strokeOpacity="0.5" strokeWidth="2" strokeLinecap="round">
        <line x1="112" x2="214" y1="222" y2="226" />
        <line x1="112" x2="200" y1="238" y2="241" />
        <line x1="112" x2="208" y1="254" y2="257" />
        <line x1="266" x2="368" y1="226" y2="222" />
        <line x1="280" x2="368" y1="241" y2="238" />
        <line x1="272" x2="368" y1="257" y2="254" />
      </g>
      <line x1="240" x2="240" y1="214" y2="282" stroke={SKY} strokeWidth="2" />
      <g transform="translate(66 58)">
        <path d="M0 14 L28 2 L56 14 L28 26 Z" fill={GOLD} />
        <path d="M12 19 L12 32 C 20 38, 36 38, 44 32 L44 19 L28 26 Z" fill="#d99a22" />
        <line x1="56" x2="56" y1="14" y2="30" stroke={GOLD} strokeWidth="2" />
        <circle cx="56" cy="32" r="3" fill={GOLD} />
      </g>
    </Frame>
  );
}

/** Slide 2: strategy signals arriving in real time on a phone. */
export function SignalsArt() {
  return (
    <Frame id="signals">
      <g fill="none" stroke={SKY} strokeLinecap="round" strokeWidth="3">
        <path d="M300 98 a 46 46 0 0 1 0 64" opacity="0.9" />
        <path d="M318 80 a 72 72 0 0 1 0 100" opacity="0.6" />
        <path d="M336 62 a 98 98 0 0 1 0 136" opacity="0.3" />
      </g>
      <rect
        x="160"
        y="34"
        width="132"
        height="252"
        rx="22"
        fill="url(#signals-panel)"
        stroke={SKY}
        strokeWidth="2"
      />
      <rect x="206" y="46" width="40" height="6" rx="3" fill={SKY} opacity="0.6" />
      <rect x="174" y="66" width="104" height="50" rx="10" fill="#ffffff" fillOpacity="0.08" />
      <path
        d="M182 104 L 202 94 L 216 99 L 234 82 L 250 88 L 270 74"
        fill="none"
        stroke={UP}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {[128, 172, 216].map((y, index) => (
        <g key={y} transform={`translate(174 ${y})`}>
          <rect width="104" height="36" rx="9" fill="#ffffff" fillOpacity={index === 0 ? 0.95 : 0.12} />
          <circle cx="18" cy="18" r="9" fill={index === 0 ? BLUE : SKY} opacity={index === 0 ? 1 : 0.6} />
          <rect
            x="34"
            y="10"
            width={index === 0 ? 56 : 48}
            height="6"
            rx="3"
            fill={index === 0 ? INK : '#ffffff'}
            opacity={index === 0 ? 0.85 : 0.45}
          />
          <rect
            x="34"
            y="21"
            width={index === 0 ? 40 : 34}
            height="5"
            rx="2.5"
            fill={index === 0 ? BLUE : '#ffffff'}
            opacity={index === 0 ? 0.7 : 0.3}
          />
        </g>
      ))}
      <g transform="translate(96 118)">
        <path
          d="M22 4 C 10 4, 6 14, 6 24 L 6 36 L 0 44 L 44 44 L 38 36 L 38 24 C 38 14, 34 4, 22 4 Z"
          fill={GOLD}
        />
        <circle cx="22" cy="50" r="6" fill={GOLD} />
        <circle cx="38" cy="8" r="8" fill={DOWN} stroke={INK} strokeWidth="2" />
      </g>
      <g transform="translate(338 214)">
        <rect
          width="78"
          height="48"
          rx="10"
          fill="#ffffff"
          fillOpacity="0.1"
          stroke={SKY}
          strokeOpacity="0.6"
        />
        <path
          d="M12 34 L 28 24 L 40 28 L 64 12"
          fill="none"
          stroke={GOLD}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="64" cy="12" r="4" fill={GOLD} />
      </g>
    </Frame>
  );
}

/** Slide 3: a chain of blocks watched by a radar: on-chain and market monitoring. */
export function MonitoringArt() {
  const blocks = [
    [86, 196],
    [176, 150],
    [266, 196],
    [356, 150],
  ] as const;
  return (
    <Frame id="monitoring">
      <g transform="translate(240 150)" fill="none" stroke={SKY}>
        <circle r="118" strokeOpacity="0.18" strokeWidth="2" />
        <circle r="84" strokeOpacity="0.28" strokeWidth="2" />
        <circle r="50" strokeOpacity="0.4" strokeWidth="2" />
        <path d="M0 0 L 0 -118 A 118 118 0 0 1 102 -59 Z" fill={SKY} fillOpacity="0.14" stroke="none" />
        <line x1="0" y1="0" x2="102" y2="-59" strokeOpacity="0.7" strokeWidth="2" />
      </g>
      <g stroke={GOLD} strokeWidth="3" strokeLinecap="round" strokeDasharray="2 8">
        {blocks.slice(1).map(([x, y], index) => {
          const [px, py] = blocks[index] ?? [0, 0];
          return <line key={x} x1={px + 22} y1={py} x2={x - 22} y2={y} />;
        })}
      </g>
      {blocks.map(([x, y], index) => (
        <g key={x} transform={`translate(${x} ${y})`}>
          <path
            d="M0 -26 L 24 -13 L 24 13 L 0 26 L -24 13 L -24 -13 Z"
            fill="url(#monitoring-panel)"
            stroke={index === 2 ? GOLD : SKY}
            strokeWidth="2"
          />
          <path
            d="M-24 -13 L 0 0 L 24 -13 M 0 0 L 0 26"
            fill="none"
            stroke={index === 2 ? GOLD : SKY}
            strokeOpacity="0.7"
            strokeWidth="2"
          />
        </g>
      ))}
      <g transform="translate(300 58)">
        <circle cx="0" cy="0" r="22" fill="none" stroke="#ffffff" strokeWidth="5" />
        <line x1="16" y1="16" x2="34" y2="34" stroke="#ffffff" strokeWidth="7" strokeLinecap="round" />
        <path
          d="M-11 4 L -4 -4 L 3 1 L 11 -8"
          fill="none"
          stroke={UP}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g transform="translate(64 54)">
        <rect
          width="92"
          height="40"
          rx="10"
          fill="#ffffff"
          fillOpacity="0.1"
          stroke={SKY}
          strokeOpacity="0.5"
        />
        <circle cx="18" cy="20" r="7" fill={GOLD} />
        <rect x="32" y="12" width="46" height="6" rx="3" fill="#ffffff" opacity="0.6" />
        <rect x="32" y="23" width="32" height="5" rx="2.5" fill="#ffffff" opacity="0.35" />
      </g>
    </Frame>
  );
}
