import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';
import { TabBar } from './tab-bar.tsx';

function Views() {
  const [key, setKey] = useState('b');
  return (
    <TabBar
      activeKey={key}
      onChange={setKey}
      items={[
        { key: 'a', label: 'Alpha' },
        { key: 'b', label: 'Beta' },
        { key: 'c', label: 'Gamma' },
      ]}
    >
      <p>view {key}</p>
    </TabBar>
  );
}

describe('TabBar', () => {
  it('shows the active view, named by its tab, and changes it on a click or with the arrow keys', async () => {
    const user = setupUser();
    renderApp('/', { routes: [{ path: '/', Component: Views }] });
    const beta = await screen.findByRole('tab', { name: 'Beta' });
    expect(beta).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Beta' })).toHaveTextContent('view b');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('view c');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('view c');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toHaveTextContent('view a');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
  });
});
