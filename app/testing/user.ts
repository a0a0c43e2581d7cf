import { userEvent } from '@testing-library/user-event';

/** user-event without artificial delays; antd's animations do not need them in jsdom. */
export function setupUser() {
  return userEvent.setup({ delay: null });
}
