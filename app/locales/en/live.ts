import type { Messages } from '../types.ts';
import type { live as zh } from '../zh/live.ts';

export const live: Messages<typeof zh> = {
  alerts: {
    newAdvisory: 'New strategy',
    advisoryUpdated: 'Strategy updated',
    view: 'View',
  },
  messages: {
    defaultPublisher: 'Default administrator',
    meta: '{{publisher}} · {{time}}',
    close: 'Close',
  },
  bar: {
    label: 'Rolling notices',
    pause: 'Pause scrolling',
    resume: 'Resume scrolling',
  },
  hub: {
    live: 'Live updates on',
    connecting: 'Connecting to live updates…',
    reconnecting: 'Live updates were interrupted. Reconnecting; anything missed will be filled in.',
  },
  important: {
    title: 'Important news',
    titleMany: '{{count}} important items',
    view: 'View',
  },
  crossed: {
    upResistance: '{{symbol}} broke above resistance {{level}}',
    downResistance: '{{symbol}} fell back below resistance {{level}}',
    upSupport: '{{symbol}} came back above support {{level}}',
    downSupport: '{{symbol}} broke below support {{level}}',
    text: 'Last price {{price}}',
    view: 'View',
  },
};
