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
