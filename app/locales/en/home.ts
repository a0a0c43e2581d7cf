import type { Messages } from '../types.ts';
import type { home as zh } from '../zh/home.ts';

export const home: Messages<typeof zh> = {
  hero: {
    eyebrow: 'Members-only digital-asset trading education',
    pitch:
      'ChainCompass Academy brings structured trading lessons, our traders’ live and strategy trades, support and pressure levels, on-chain and media monitoring, quantitative strategies and practical tools together in one place. Subscribe to the traders you follow and their new strategies and system messages are pushed to you in real time, so you can learn and decide with more structure in a volatile digital-asset market.',
    signIn: 'Sign in',
    browseTutorials: 'Browse tutorials',
  },
  highlights: {
    title: 'What members get',
    realtime: {
      title: 'Real-time push',
      text: 'Subscribe to traders and new strategies and system messages reach you instantly, with a reminder sound.',
    },
    learning: {
      title: 'Structured learning',
      text: 'Teaching articles are organised by category and published after review.',
    },
    bilingual: {
      title: 'Chinese and English',
      text: 'The interface speaks Chinese and English; switch at any time.',
    },
  },
  sections: {
    title: 'Sections',
    subtitle: 'Eight sections covering learning, trading insight and market monitoring.',
    membersOnly: 'Members only',
    openToAll: 'Open to non-members',
    open: 'Open',
    live: 'Live',
    strategy: 'Strategy',
    titles: {
      tutorials: 'Tutorials',
      trading: 'Live & strategy trading',
      pressure: 'Support & pressure',
      monitoring: 'On-chain monitoring',
      media: 'Media monitoring',
      quant: 'Quantitative strategies',
      tools: 'Tools',
      notices: 'Notices',
    },
    descriptions: {
      tutorials: 'Structured lessons from market basics to advanced technique, organised by category.',
      trading: 'Follow our traders’ live and strategy trades as they happen, with trading statistics.',
      pressure:
        'Key support and pressure levels of the major digital assets, to help time entries and exits.',
      monitoring: 'On-chain activity worth watching, such as large transfers and exchange flows.',
      media: 'Market-moving headlines from news and social media, gathered in one place.',
      quant: 'Rule-driven quantitative strategies and their signals, to take emotion out of trading.',
      tools: 'Practical trading tools, gathered in one place and ready to use.',
      notices: 'Platform announcements and system messages, so you never miss an important change.',
    },
  },
  membership: {
    title: 'How to become a member',
    text: 'Most sections are for members only. Non-members can browse the tutorials and manage their personal pages; to become a member, please contact customer service.',
  },
  cta: {
    title: 'Ready to start?',
    text: 'Sign in to continue learning and see the strategies you subscribe to.',
  },
};
