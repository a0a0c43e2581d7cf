import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startI18n } from './lib/i18n.ts';
import { showLoadFailure } from './lib/load-failure.ts';
import { installSelectTabKey } from './lib/select-tab-key.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** Renders the app into `container` once the visitor's texts are there (main.tsx loads this module). */
export function startApp(container: HTMLElement): void {
  const router = createAppRouter();
  installSelectTabKey();
  // The page frame of index.html shows until then; the app renders translated.
  startI18n().then(
    () =>
      createRoot(container).render(
        <StrictMode>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      ),
    () => showLoadFailure(container),
  );
}
