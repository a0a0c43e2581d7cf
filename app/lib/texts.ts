import type { Locale } from '#shared/constants.ts';
import type { texts as zhTexts } from '../locales/zh/index.ts';
import { tradingViewOf } from './sections.ts';
import { MEMBER_NAMESPACES, type MemberNamespace, SHELL_NAMESPACES } from './text-namespaces.ts';

export { MEMBER_NAMESPACES, SHELL_NAMESPACES };

/** The members' texts of one language (the namespaces; the back office's are added with its layout). */
export type MemberTexts = typeof zhTexts;

type Bundle = { [key: string]: unknown };

// One file per namespace and language, each downloaded when a page first needs it: a page carries the texts
// it shows, in one language. The back office's are in lib/i18n-admin.ts.
const FILES = import.meta.glob<Record<string, Bundle>>([
  '../locales/*/*.ts',
  '!../locales/*/index.ts',
  '!../locales/*/admin.ts',
  '!../locales/*/*-admin.ts',
  '!../locales/*/admin-*.ts',
]);

/** The texts a page shows beyond the shell's, by its path: asked for with the shell's on a first load. */
export function pageNamespaces(pathname: string, search: string): MemberNamespace[] {
  const section = pathname.split('/')[1]?.toLowerCase() ?? '';
  switch (section) {
    case '': {
      const view = tradingViewOf(search);
      // The strategy feed (?type=2) draws the advisories' texts; the other views only the section's.
      return view === 'tradingStrategy' ? ['trading', 'advisories'] : view ? ['trading'] : ['home'];
    }
    case 'notice':
      return ['advisories'];
    case 'pressure':
      return ['pressure'];
    case 'media':
      return ['media'];
    case 'teach':
    case 'teach-detail':
      return ['teach'];
    case 'authentication':
    case 'account':
      // The registration form offers an invitation code.
      return pathname.toLowerCase() === '/authentication/register' ? ['auth', 'invitation'] : ['auth'];
    case 'strategy':
      return ['quant'];
    case 'tool':
      return ['tools'];
    case 'monitoring':
      return ['onchain'];
    case 'personal': {
      const page = pathname.split('/')[2]?.toLowerCase();
      switch (page) {
        case 'invitation':
          return ['personal', 'invitation'];
        case 'article':
          return ['personal', 'teach'];
        // The strategies a member reacted to, and the traders to subscribe to.
        case 'engagement':
        case 'subscribe':
          return ['personal', 'advisories'];
        default:
          return ['personal'];
      }
    }
    case 'admin':
      return [...MEMBER_NAMESPACES];
    default:
      return [];
  }
}

/** One namespace of one language's member texts (the module is fetched once, however often it is asked for). */
export async function importNamespace(locale: Locale, namespace: string): Promise<Bundle> {
  const load = FILES[`../locales/${locale}/${namespace}.ts`];
  if (!load) throw new Error(`No texts for ${locale}/${namespace}`);
  const module = await load();
  const bundle = module[namespace];
  if (!bundle) throw new Error(`The texts of ${locale}/${namespace} export no "${namespace}"`);
  return bundle;
}

/**
 * The namespaces a first load of this address needs: the shell's (the signed-in account's menu included) and
 * the page's.
 */
export function firstLoadNamespaces(location: { pathname: string; search: string }): MemberNamespace[] {
  return [...new Set([...SHELL_NAMESPACES, ...pageNamespaces(location.pathname, location.search)])];
}
