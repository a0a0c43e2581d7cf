import type { Messages } from '../types.ts';
import type { advisories as zh } from '../zh/advisories.ts';

export const advisories: Messages<typeof zh> = {
  trading: {
    feedIntro: 'Strategies from the traders you subscribe to arrive here live, newest first.',
    feedLabel: 'Strategies',
    manageSubscriptions: 'Manage subscriptions',
    subscribeNow: 'Subscribe to traders',
    showMore: 'Show {{count}} more',
    traders: 'Traders',
    new: 'New',
    reactionsLabel: 'Your stance',
    reactions: {
      following: 'Follow',
      reverseFollowing: 'Reverse-follow',
      watching: 'Watch',
    },
    reacted: 'Your choice was recorded: {{reaction}}',
    empty: {
      notSubscribed: 'You have not subscribed to any trader yet',
      notSubscribedHint: 'Once you subscribe to traders, their strategies appear here as they are published.',
      noneYet: 'Your traders have not published a strategy yet',
      noneYetHint: 'New strategies appear here the moment they are published, with a reminder sound.',
    },
  },
  subscribe: {
    intro:
      'Choose the traders to subscribe to: their strategies are pushed live to the strategy trading page.',
    on: 'Subscribed',
    off: 'Not subscribed',
    switchLabel: 'Subscribe to {{name}}',
    subscribed: 'Subscribed to {{name}}',
    unsubscribed: 'Unsubscribed from {{name}}',
    toFeed: 'Go to strategy trading',
    empty: {
      title: 'No traders to subscribe to',
      text: 'No trader is open to your membership level yet; they will be listed here once they are.',
    },
    notMember: {
      title: 'Become a member to subscribe to traders',
      text: 'Subscribing to traders and receiving live strategies is for members. You are not a member yet: contact customer service to become one.',
    },
  },
  notices: {
    intro: 'Every system notice of the portal, newest first.',
    empty: 'No notices yet',
  },
  engagement: {
    intro:
      'The strategies you took a stance on in strategy trading (follow, reverse-follow or watch), latest stance first. Change or withdraw it here.',
    listLabel: 'Strategies you take part in',
    filterKind: 'Filter by stance',
    filterTrader: 'Filter by trader',
    allKinds: 'All stances',
    allTraders: 'All traders',
    reactedAt: 'Stance taken {{time}}',
    publishedAt: 'Published {{time}}',
    stats: 'Statistics',
    statsOf: "See {{name}}'s trading statistics",
    changeLabel: 'Change your stance',
    changed: 'Changed to: {{reaction}}',
    withdraw: 'Withdraw',
    withdrawConfirmTitle: 'Withdraw your stance on this strategy?',
    withdrawConfirm:
      'It leaves this list and its count goes down; you can take a stance again on the strategy trading page.',
    withdrawn: 'Stance withdrawn',
    unavailable:
      'You no longer receive this strategy (your subscription, the trader or your membership changed): you can only withdraw your stance.',
    countsLabel: 'Current counts',
    total: '{{count}} in all',
    toFeed: 'Go to strategy trading',
    empty: {
      title: 'You have not taken a stance on any strategy yet',
      text: 'Choose follow, reverse-follow or watch on a strategy in strategy trading and it appears here.',
    },
    noMatch: 'No strategy matches these filters',
    clearFilters: 'Clear filters',
  },
};
