// A membership's days remaining (spec §3), counted one way by the API and the web app, so the back office
// and the member's own page show the same figure for the same membership.

const DAY_MS = 86_400_000;

/** The calendar day of a moment in this runtime's time zone (the viewer's in a browser), as a day number. */
const localDay = (ms: number) => Math.floor((ms - new Date(ms).getTimezoneOffset() * 60_000) / DAY_MS);

/**
 * Calendar days from today to the expiry date, negative once the date is past; null without an expiry (or
 * an unreadable one). Counting calendar days (not 24-hour periods) makes "30 days from now" read as 30,
 * not 29, a moment after it was set. The web app counts in the viewer's time zone, the API in the
 * server's.
 */
export function memberDaysRemaining(expiry: number | null, now: number): number | null {
  if (expiry === null || !Number.isFinite(expiry)) return null;
  return localDay(expiry) - localDay(now);
}
