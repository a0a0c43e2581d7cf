// The sections of the public area (spec §2, top menu), in menu order. Labels live in the `common` namespace
// under `nav.<key>`; the home page describes each one under `home:sections.descriptions.<key>`.

export type SectionKey =
  | 'tutorials'
  | 'trading'
  | 'pressure'
  | 'monitoring'
  | 'media'
  | 'quant'
  | 'tools'
  | 'notices';

export type TradingViewKey = 'tradingLive' | 'tradingStrategy' | 'tradingStatistics';

export interface TradingView {
  key: TradingViewKey;
  /** Value of the `type` query parameter on `/`. */
  type: string;
  path: string;
}

export interface Section {
  key: SectionKey;
  path: string;
  /** Non-members see only the tutorials (and their personal pages); other sections show a not-member notice. */
  membersOnly: boolean;
}

export const TRADING_VIEWS: readonly TradingView[] = [
  { key: 'tradingLive', type: '1', path: '/?type=1' },
  { key: 'tradingStrategy', type: '2', path: '/?type=2' },
  { key: 'tradingStatistics', type: '3', path: '/?type=3' },
];

export const SECTIONS: readonly Section[] = [
  { key: 'tutorials', path: '/teach', membersOnly: false },
  { key: 'trading', path: '/', membersOnly: true },
  { key: 'pressure', path: '/pressure', membersOnly: true },
  { key: 'monitoring', path: '/monitoring', membersOnly: true },
  { key: 'media', path: '/media', membersOnly: true },
  { key: 'quant', path: '/strategy', membersOnly: true },
  { key: 'tools', path: '/tool', membersOnly: true },
  { key: 'notices', path: '/notice', membersOnly: true },
];

/** The trading view that `?type=` asks for on `/`, or null for the home page. */
export function tradingViewOf(search: string): TradingViewKey | null {
  const type = new URLSearchParams(search).get('type');
  return TRADING_VIEWS.find((view) => view.type === type)?.key ?? null;
}

/** The menu entry to highlight for a location, or null (the home page highlights nothing). */
export function activeSectionKey(pathname: string, search: string): SectionKey | TradingViewKey | null {
  if (pathname === '/' || pathname === '') return tradingViewOf(search);
  if (pathname === '/teach-detail' || pathname.startsWith('/teach-detail/')) return 'tutorials';
  const section = SECTIONS.find(
    (candidate) =>
      candidate.path !== '/' && (pathname === candidate.path || pathname.startsWith(`${candidate.path}/`)),
  );
  return section?.key ?? null;
}
