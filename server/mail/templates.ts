import type { Locale } from '#shared/constants.ts';
import type { Mail } from './mailer.ts';

const PRODUCT = { zh: '链策学堂', en: 'ChainCompass Academy' } as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(locale: Locale, lines: string[], link: { url: string; label: string }): string {
  return `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><body style="font-family:sans-serif;color:#1f2937">
<h2 style="color:#1668dc">${PRODUCT[locale]}</h2>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;background:#1668dc;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(link.url)}</p></body></html>`;
}

export function confirmEmailMail(locale: Locale, to: string, url: string): Mail {
  const t =
    locale === 'zh'
      ? {
          subject: `【${PRODUCT.zh}】请确认您的邮箱`,
          lines: ['感谢注册！请在24小时内点击下面的链接确认邮箱。', '如果不是您本人操作，请忽略此邮件。'],
          label: '确认邮箱',
        }
      : {
          subject: `${PRODUCT.en}: confirm your e-mail`,
          lines: [
            'Thank you for registering. Open the link below within 24 hours to confirm your e-mail.',
            'If this was not you, ignore this mail.',
          ],
          label: 'Confirm e-mail',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.lines.join('\n')}\n\n${url}\n`,
    html: layout(locale, t.lines, { url, label: t.label }),
  };
}

export function resetPasswordMail(locale: Locale, to: string, url: string, code: string): Mail {
  const t =
    locale === 'zh'
      ? {
          subject: `【${PRODUCT.zh}】重置密码`,
          lines: [
            `您的重置码：${code}`,
            '请在30分钟内点击下面的链接设置新密码。如果不是您本人操作，请忽略此邮件。',
          ],
          label: '设置新密码',
        }
      : {
          subject: `${PRODUCT.en}: reset your password`,
          lines: [
            `Your reset code: ${code}`,
            'Open the link below within 30 minutes to set a new password. If this was not you, ignore this mail.',
          ],
          label: 'Set a new password',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.lines.join('\n')}\n\n${url}\n`,
    html: layout(locale, t.lines, { url, label: t.label }),
  };
}

export function changeEmailMail(locale: Locale, to: string, url: string): Mail {
  const t =
    locale === 'zh'
      ? {
          subject: `【${PRODUCT.zh}】确认新邮箱`,
          lines: [
            '您申请将账户邮箱更改为此地址。请在24小时内点击下面的链接确认。',
            '如果不是您本人操作，请忽略此邮件。',
          ],
          label: '确认新邮箱',
        }
      : {
          subject: `${PRODUCT.en}: confirm your new e-mail`,
          lines: [
            'You asked to change your account e-mail to this address. Open the link below within 24 hours to confirm.',
            'If this was not you, ignore this mail.',
          ],
          label: 'Confirm new e-mail',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.lines.join('\n')}\n\n${url}\n`,
    html: layout(locale, t.lines, { url, label: t.label }),
  };
}

/** A moment as people read it in a mail: the server does not know their time zone, so it is UTC, and says so. */
export function mailDateTime(locale: Locale, ms: number): string {
  const text = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(ms);
  return locale === 'zh' ? `${text}（UTC）` : `${text} UTC`;
}

/**
 * The reminder that a membership ends within `thresholdDays` (7 or 1): when, what closes then, and whom to
 * contact to renew (`contact`: MEMBERSHIP_CONTACT, else customer service without an address).
 */
export function membershipReminderMail(
  locale: Locale,
  to: string,
  reminder: { thresholdDays: number; expiry: number; contact: string | undefined; url: string },
): Mail {
  const when = mailDateTime(locale, reminder.expiry);
  const days = reminder.thresholdDays;
  const t =
    locale === 'zh'
      ? {
          subject: `【${PRODUCT.zh}】您的会员将在${days}天内到期`,
          lines: [
            `您的会员将于 ${when} 到期。`,
            '到期后，交易、支撑压力、链上监控、媒体监控、量化、工具和公告等会员板块将无法访问；教学内容和个人中心仍可使用。',
            reminder.contact ? `如需续费，请联系：${reminder.contact}` : '如需续费，请联系客服。',
            '如果您已续费，请忽略此邮件。',
          ],
          label: '查看我的会员',
        }
      : {
          subject: `${PRODUCT.en}: your membership ends within ${days === 1 ? '1 day' : `${days} days`}`,
          lines: [
            `Your membership ends on ${when}.`,
            'After that the member sections (trading, support & pressure, on-chain monitoring, media monitoring, quantitative, tools and notices) close; the tutorials and your personal pages stay open.',
            reminder.contact
              ? `To renew, contact ${reminder.contact}.`
              : 'To renew, contact customer service.',
            'If you have renewed already, ignore this mail.',
          ],
          label: 'View my membership',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.lines.join('\n')}\n\n${reminder.url}\n`,
    html: layout(locale, t.lines, { url: reminder.url, label: t.label }),
  };
}
