import type { Locale } from '#shared/constants.ts';

/** A legal text shown in full at registration (spec §1): sections of paragraphs and lists. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  /** A list shown after the paragraphs. */
  items?: readonly string[];
}

export interface LegalDocument {
  title: string;
  /** Version line shown under the title. */
  version: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export type LocalizedLegalDocument = Record<Locale, LegalDocument>;
