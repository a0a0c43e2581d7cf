import { Outlet, ScrollRestoration } from 'react-router';

/** The root route: restores scroll positions on back/forward and resets them on new pages. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
