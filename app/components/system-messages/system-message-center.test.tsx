import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeSystemMessagePayload, SystemMessageDto } from '#shared/realtime.ts';
import { applyChangeSystemMessage } from '../../lib/hub/hub-cache.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { setupUser } from '../../testing/user.ts';
import { SystemMessageCenter } from './system-message-center.tsx';

function messageOf(id: number, overrides: Partial<SystemMessageDto> = {}): SystemMessageDto {
  return {
    id,
    title: `Notice ${id}`,
    content: `Text of notice ${id}`,
    publishedUserName: '',
    publishedTimestamp: new Date(Date.UTC(2025, 4, id, 8, 30)).toISOString(),
    isRoll: false,
    isPop: false,
    dismissed: false,
    ...overrides,
  };
}

const NO_CHANGE: ChangeSystemMessagePayload = {
  messagesToUpsert: [],
  popChanges: [],
  rollChanges: [],
  messagesToRemove: [],
};

function renderCenter(sub: string, messages: SystemMessageDto[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(hubKeys.systemMessages(sub), messages);
  const router = createMemoryRouter([{ path: '/', element: <SystemMessageCenter /> }]);
  render(
    <Providers queryClient={queryClient} auth={FakeAuth.signedIn({ sub })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const change = (patch: Partial<ChangeSystemMessagePayload>) =>
    act(() => {
      queryClient.setQueryData<SystemMessageDto[]>(hubKeys.systemMessages(sub), (current) =>
        applyChangeSystemMessage(current, { ...NO_CHANGE, ...patch }),
      );
    });
  return { queryClient, change };
}

/** Open popups (jsdom never ends antd's leave animation, so closed ones linger with the leave class). */
const popups = () =>
  screen
    .queryAllByTestId('system-message-popup')
    .filter((popup) => !popup.classList.contains('ant-notification-fade-leave'));

describe('SystemMessageCenter', () => {
  let plays: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await changeLocale('zh');
    plays = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    plays.mockRestore();
  });

  it('pops each message once with the reminder sound, remembers a close, and follows flag changes', async () => {
    const api = stubApi({ 'POST /api/SystemMessage/DismissPop': () => ({ ok: true }) });
    const user = setupUser();
    const { queryClient, change } = renderCenter('popup-user', [
      messageOf(3, { isRoll: true }),
      messageOf(2, { isPop: true, dismissed: true }),
      messageOf(1, { isPop: true }),
    ]);

    const bar = await screen.findByTestId('rolling-notice-bar');
    expect(screen.getByRole('region', { name: '滚动公告' })).toBe(bar);
    expect(within(bar).getAllByTestId('rolling-notice-item')).toHaveLength(1);
    expect(bar).toHaveTextContent('Notice 3');

    // Only the pop-flagged message this person has not closed; with the blank publisher shown as the default.
    await waitFor(() => expect(popups()).toHaveLength(1));
    expect(popups()[0]).toHaveTextContent('Notice 1');
    expect(popups()[0]).toHaveTextContent('默认管理员');
    expect(plays).toHaveBeenCalledTimes(1);

    // An edit redraws the popup in place, without a second chime.
    change({ messagesToUpsert: [messageOf(1, { isPop: true, content: 'Edited text' })] });
    await waitFor(() => expect(popups()[0]).toHaveTextContent('Edited text'));
    expect(popups()).toHaveLength(1);
    expect(plays).toHaveBeenCalledTimes(1);

    // Closing it tells the server and keeps it closed, even when the message is broadcast again.
    await user.click(within(popups()[0]!).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() =>
      expect(api.requests).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/api/SystemMessage/DismissPop' }),
      ),
    );
    await waitFor(() => expect(popups()).toHaveLength(0));
    expect(
      queryClient
        .getQueryData<SystemMessageDto[]>(hubKeys.systemMessages('popup-user'))
        ?.find((m) => m.id === 1)?.dismissed,
    ).toBe(true);
    change({ messagesToUpsert: [messageOf(1, { isPop: true, content: 'Again' })] });
    expect(popups()).toHaveLength(0);

    // A message that becomes pop-flagged opens with the sound; turning the flag off closes it without a dismissal.
    change({ popChanges: [{ id: 3, isPop: true }] });
    await waitFor(() => expect(popups()).toHaveLength(1));
    expect(popups()[0]).toHaveTextContent('Notice 3');
    expect(plays).toHaveBeenCalledTimes(2);
    change({ popChanges: [{ id: 3, isPop: false }], rollChanges: [{ id: 3, isRoll: false }] });
    await waitFor(() => expect(popups()).toHaveLength(0));
    expect(screen.queryByTestId('rolling-notice-bar')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === '/api/SystemMessage/DismissPop')).toHaveLength(
      1,
    );
  });
});
