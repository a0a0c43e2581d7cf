import type { texts as zhTexts } from '../locales/zh/index.ts';

// The namespaces of the members' texts, and which of them every page draws. Plain constants: the build's
// chunk groups (scripts/chunk-groups.ts) read them too, to put the shell's texts of a language in one file.

export type MemberNamespace = keyof typeof zhTexts;

export const MEMBER_NAMESPACES = [
  'common',
  'live',
  'home',
  'personal',
  'advisories',
  'auth',
  'teach',
  'trading',
  'tools',
  'pressure',
  'quant',
  'media',
  'onchain',
  'invitation',
] as const satisfies readonly MemberNamespace[];

/**
 * What every page draws: the header and footer (common), the rolling notices, system messages and live
 * notifications of strategies, important news and levels (live). The pages of those sections carry their
 * own texts (advisories, media, pressure), as every other page does.
 */
export const SHELL_NAMESPACES = ['common', 'live'] as const satisfies readonly MemberNamespace[];
