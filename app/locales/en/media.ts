import type { Messages } from '../types.ts';
import type { media as zh } from '../zh/media.ts';

export const media: Messages<typeof zh> = {
  important: {
    title: 'Important news',
    titleMany: '{{count}} important items',
    view: 'View',
  },
};
