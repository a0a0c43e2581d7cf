/**
 * What the page shows when the app's code or texts could not be downloaded: a message in both languages
 * (the texts may be what is missing) and a link that loads the page again, in place of the page frame.
 */
export function showLoadFailure(container: HTMLElement): void {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.style.cssText = 'margin: 24px; font: 16px system-ui, sans-serif;';
  message.textContent =
    '页面未能加载，请检查网络后重试。The page could not be loaded; check the connection and try again. ';
  const again = document.createElement('a');
  again.href = window.location.href;
  again.textContent = '重试 / Try again';
  message.append(again);
  container.replaceChildren(message);
}
