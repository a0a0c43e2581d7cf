// Media monitoring (/media): the stream members read and its notifications.
export const media = {
  important: {
    title: '重要资讯',
    titleMany: '{{count}} 条重要资讯',
    view: '查看',
  },
};
