import 'antd/dist/reset.css';
import './styles.css';
import { showLoadFailure } from './lib/load-failure.ts';
import { detectLocale } from './lib/locale.ts';
import { firstLoadNamespaces, importNamespace } from './lib/texts.ts';

// The entry is small on purpose: it asks for the visitor's texts of this page and for the app at once, so
// that they download side by side (the app waits for the texts before its first render). Until then the
// page frame of index.html shows.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const locale = detectLocale();
for (const namespace of firstLoadNamespaces(window.location))
  void importNamespace(locale, namespace).catch(() => undefined);
import('./app.tsx').then(
  ({ startApp }) => startApp(container),
  () => showLoadFailure(container),
);
