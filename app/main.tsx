import 'antd/dist/reset.css';
import './styles.css';
import { showLoadFailure } from './lib/load-failure.ts';
import { detectLocale } from './lib/locale.ts';
import { importTexts } from './lib/texts.ts';

// The entry is small on purpose: it asks for the visitor's texts and for the app at once, so that the two
// download side by side (the app waits for the texts before its first render). Until then the page frame
// of index.html shows.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void importTexts(detectLocale()).catch(() => undefined);
import('./app.tsx').then(
  ({ startApp }) => startApp(container),
  () => showLoadFailure(container),
);
