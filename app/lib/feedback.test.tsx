import { render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../providers.tsx';
import { FakeAuth } from '../testing/fake-auth.ts';
import { setupUser } from '../testing/user.ts';
import { type Feedback, useFeedback } from './feedback.tsx';

/** A page that hands the feedback calls to the test once rendered. */
function Probe({ onFeedback }: { onFeedback: (feedback: Feedback) => void }) {
  const feedback = useFeedback();
  useEffect(() => onFeedback(feedback), [feedback, onFeedback]);
  return <p>page</p>;
}

function renderWithFeedback(onFeedback: (feedback: Feedback) => void) {
  return render(
    <Providers queryClient={createQueryClient()} auth={new FakeAuth()}>
      <Probe onFeedback={onFeedback} />
    </Providers>,
  );
}

describe('useFeedback', () => {
  it('shows toasts called before what draws them is loaded, in the order of the calls', async () => {
    renderWithFeedback((feedback) => {
      feedback.message.success('saved first');
      feedback.message.error('failed second');
    });
    const notices = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-message-notice')];
      expect(found).toHaveLength(2);
      return found;
    });
    expect(notices.map((notice) => notice.textContent)).toEqual(['saved first', 'failed second']);
    expect(notices[0]?.querySelector('.ant-message-notice-success, .ant-message-success')).not.toBeNull();
  });

  it('answers a confirmation with true when confirmed and false when cancelled', async () => {
    const user = setupUser();
    let feedback: Feedback | undefined;
    renderWithFeedback((value) => {
      feedback = value;
    });
    await waitFor(() => expect(feedback).toBeDefined());

    const confirmDialog = () =>
      document.querySelector('.ant-modal-confirm:not(.ant-zoom-leave)') as HTMLElement;
    const confirmed = feedback!.modal.confirm({ title: 'Delete it?', okText: 'Delete', cancelText: 'Keep' });
    await screen.findAllByText('Delete it?');
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Delete' }));
    await expect(confirmed).resolves.toBe(true);

    const cancelled = feedback!.modal.confirm({
      title: 'Delete that?',
      okText: 'Delete',
      cancelText: 'Keep',
    });
    await screen.findAllByText('Delete that?');
    await user.click(within(confirmDialog()).getByRole('button', { name: 'Keep' }));
    await expect(cancelled).resolves.toBe(false);
  });

  it('closes a notification, and closing before anything was shown does nothing', async () => {
    let feedback: Feedback | undefined;
    renderWithFeedback((value) => {
      feedback = value;
      value.notification.destroy();
    });
    await waitFor(() => expect(feedback).toBeDefined());
    feedback!.notification.info({
      key: 'n1',
      title: 'A strategy was published',
      props: { 'data-testid': 'note' },
    });
    expect(await screen.findByTestId('note')).toHaveTextContent('A strategy was published');
    feedback!.notification.destroy('n1');
    // jsdom never ends antd's leave animation: a closed notice lingers with the leave class.
    await waitFor(() =>
      expect(
        screen
          .queryAllByTestId('note')
          .filter((note) => !note.classList.contains('ant-notification-fade-leave')),
      ).toHaveLength(0),
    );
  });
});
