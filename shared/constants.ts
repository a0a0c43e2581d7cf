// Business constants and limits of the product specification (§9), typed once for server and web app.

export const ADMIN_PAGE_SIZE = 50;
export const TEACH_PAGE_SIZE = 10;

export const CAPTCHA_LENGTH = 6;
/** The captcha image is drawn and shown at this size (spec §9: height 60). */
export const CAPTCHA_HEIGHT = 60;
export const CAPTCHA_WIDTH = 160;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;

export const EXPIRY_DAYS_MIN = -1000;
export const EXPIRY_DAYS_MAX = 1000;
export const QUICK_EXPIRY_DAYS = [30, 60, 90] as const;

export const DESCRIPTION_MAX_LENGTH = 500;
export const RATIO_MIN = 0.000001;
/** A sanity bound on trader ratios (the spec sets only the minimum). */
export const RATIO_MAX = 1_000_000;
export const EDIT_PERMISSION_EMAIL_MAX_LENGTH = 100;

export const ARTICLE_STATUS = { approved: 3, rejected: 4 } as const;
/** The status a new or resubmitted article is given; any value other than approved and rejected is pending. */
export const PENDING_STATUS = 1;

export const TOAST_DURATION_SECONDS = 5;
export const POPUP_NOTIFICATION_DURATION = 0;

export const LABEL_BREAKPOINT = 750;
export const HORIZONTAL_MENU_BREAKPOINT = 1560;
export const DRAWER_WIDE_SCREEN = 1200;
export const DRAWER_WIDTH = 980;

export const AVATAR_SIZE = 110;
export const COVER_THUMBNAIL_SIZE = 50;

export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh';

export const LEGAL_TERMS = {
  retentionYearsAfterClosing: 5,
  claimsWindowDays: 60,
  minimumAge: 18,
  liabilityCapMonthsOfFees: 12,
} as const;

export const REMINDER_SOUND_URL = '/media/reminder.mp3';

/** Drawer width rule of spec §9: 980 when the screen is wider than 1200, else the screen width. */
export function drawerWidth(screenWidth: number): number {
  return screenWidth > DRAWER_WIDE_SCREEN ? DRAWER_WIDTH : screenWidth;
}

/** Label rule of spec §9: form labels beside their fields from 750 px of client width, above them below. */
export function labelsBesideFields(clientWidth: number): boolean {
  return clientWidth >= LABEL_BREAKPOINT;
}

/** Menu rule of spec §2: horizontal when the client width is over 1560, otherwise a dropdown. */
export function isHorizontalMenu(clientWidth: number): boolean {
  return clientWidth > HORIZONTAL_MENU_BREAKPOINT;
}

/** The default avatar (spec §3: a default image when the user has none), for the API and the app. */
export const DEFAULT_AVATAR_URL = '/media/default-avatar.svg';
