import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupUser } from '../testing/user.ts';
import LabelTooltip from './antd-label-tooltip.tsx';

describe("the form label's tooltip, loaded when a label with a hint shows", () => {
  it('draws the hint icon at once and shows the hint on hover once antd’s Tooltip has arrived', async () => {
    const user = setupUser();
    render(
      <LabelTooltip title="Only letters and digits">
        <span data-testid="hint-icon">?</span>
      </LabelTooltip>,
    );
    // The icon is there before the Tooltip's module has been downloaded, and stays once it has.
    expect(screen.getByTestId('hint-icon')).toHaveTextContent('?');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      await import('antd/es/tooltip/index.js');
    });
    await user.hover(screen.getByTestId('hint-icon'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only letters and digits');
    expect(screen.getByTestId('hint-icon')).toBeInTheDocument();
  });
});
