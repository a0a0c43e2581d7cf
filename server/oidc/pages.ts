// The few HTML pages the identity provider itself must render. They follow the portal's look in both
// languages and load no inline script (the CSP allows scripts from our origin only).

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** English beside the Chinese, marked so that screen readers pronounce it as English (WCAG 3.1.2). */
const en = (text: string) => `<span lang="en">${text}</span>`;

function page(title: string, body: string, script?: string, testId = 'oidc-page'): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/Auth/oidc-pages.css">
${script ? `<script src="${script}" defer></script>` : ''}
</head><body><main class="card" data-testid="${testId}">${body}</main></body></html>`;
}

/** Sign-out confirmation, shown when the request did not prove who asked for it (no valid id_token_hint). */
export function logoutConfirmPage(form: string, auto: boolean): string {
  const withYes = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  if (auto) {
    return page(
      '退出登录 / Signing out',
      `${withYes}<p>正在退出登录… / ${en('Signing you out…')}</p>`,
      '/Auth/oidc-logout.js',
    );
  }
  return page(
    '退出登录 / Sign out',
    `${withYes}
<h1>确定要退出登录吗？<br><small lang="en">Do you want to sign out?</small></h1>
<button type="submit" form="op.logoutForm" class="primary">退出登录 / ${en('Sign out')}</button>
<a class="secondary" href="/">留在网站 / ${en('Stay signed in')}</a>`,
    undefined,
    'oidc-logout-confirm',
  );
}

export const OIDC_PAGES_CSS = `body{font-family:-apple-system,"Segoe UI","Noto Sans CJK SC","PingFang SC",sans-serif;background:#f5f7fb;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
.card{background:#fff;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.08);padding:32px 40px;max-width:420px;text-align:center}
h1{font-size:20px;font-weight:500;margin:0 0 24px}h1 small{display:block;color:#667085;font-size:15px;margin-top:6px}
button.primary{display:block;width:100%;height:40px;border:0;border-radius:6px;background:#1668dc;color:#fff;font-size:15px;cursor:pointer;margin-bottom:12px}
a.secondary{color:#1668dc;text-decoration:none;font-size:14px}
:focus-visible{outline:2px solid #2160e8;outline-offset:2px}`;

export const OIDC_LOGOUT_JS = "document.getElementById('op.logoutForm').submit();";
