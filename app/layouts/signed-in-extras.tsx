import { MembershipNotice } from '../components/membership-notice/membership-notice.tsx';
import { SystemMessageCenter } from '../components/system-messages/system-message-center.tsx';
import { LiveConnection } from '../lib/hub/live-connection.tsx';

/**
 * What the public layout shows only to someone signed in: the hub connection with its notifications, the
 * system messages (rolling bar and pop-ups) and the membership notice. Visitors never need them, so the
 * layout loads this file once someone has signed in in the tab, and keeps it mounted after a sign-out,
 * when these parts close the connection and the pop-ups themselves.
 */
export function SignedInExtras() {
  return (
    <>
      <LiveConnection />
      <SystemMessageCenter />
      <MembershipNotice />
    </>
  );
}
