import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';

describe('home page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('presents the product, every section with its link, and the membership note', async () => {
    renderApp('/');
    const home = await screen.findByTestId('home-page');
    expect(within(home).getByRole('heading', { level: 1, name: '链策学堂' })).toBeInTheDocument();
    expect(within(home).getByText(/订阅您关注的交易员/)).toBeInTheDocument();

    const expectedLinks: Record<string, string[]> = {
      tutorials: ['/teach'],
      trading: ['/?type=1', '/?type=2'],
      pressure: ['/pressure'],
      monitoring: ['/monitoring'],
      media: ['/media'],
      quant: ['/strategy'],
      tools: ['/tool'],
      notices: ['/notice'],
    };
    for (const [key, hrefs] of Object.entries(expectedLinks)) {
      const card = within(home).getByTestId(`section-card-${key}`);
      const links = within(card)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(links).toEqual(hrefs);
      expect(card).toHaveTextContent(key === 'tutorials' ? '非会员可浏览' : '会员专享');
    }

    expect(within(home).getByTestId('membership-note')).toHaveTextContent('请联系客服');
    const signInLinks = within(home)
      .getAllByRole('link', { name: /登录账户/ })
      .map((link) => link.getAttribute('href'));
    expect(signInLinks).toEqual(['/Account/Login', '/Account/Login']);
  });

  it('is translated to English', async () => {
    await changeLocale('en');
    renderApp('/');
    const home = await screen.findByTestId('home-page');
    expect(within(home).getByRole('heading', { level: 1, name: 'ChainCompass Academy' })).toBeInTheDocument();
    expect(within(home).getByTestId('section-card-monitoring')).toHaveTextContent('On-chain monitoring');
    expect(within(home).getByTestId('membership-note')).toHaveTextContent('please contact customer service');
    expect(within(home).queryByText(/[\u4e00-\u9fff]/)).not.toBeInTheDocument();
  });
});
