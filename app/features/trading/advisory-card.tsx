import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { AdvisoryDto } from '#shared/realtime.ts';
import { ColorTag } from '../../components/color-tag.tsx';
import { Panel } from '../../components/panel.tsx';
import { Heading, Text } from '../../components/prose.tsx';
import { RichTextView } from '../../components/rich-text/rich-text-view.tsx';
import { Stack } from '../../components/stack.tsx';
import { useReact } from '../../domains/advisories/reaction-api.ts';
import { REACTIONS, type ReactionKind, reactionKey } from '../../domains/advisories/reaction-kinds.tsx';
import { localDateTime } from '../../lib/date-format.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import type { ReactionCounts } from '../../lib/hub/hub-cache.ts';
import { useTranslation } from '../../lib/use-translation.ts';

interface AdvisoryCardProps {
  advisory: AdvisoryDto;
  counts: ReactionCounts;
  /** The reaction the member chose (here or on another tab or device), if any. */
  mine: ReactionKind | undefined;
  /** Arrived while the page was open. */
  fresh: boolean;
}

/** One strategy of the feed: title, traders, time, the sanitized content and the three reactions. */
export function AdvisoryCard({ advisory, counts, mine, fresh }: AdvisoryCardProps) {
  const { t } = useTranslation('advisories');
  const { message } = useFeedback();
  const react = useReact();
  const pendingKind = react.isPending ? react.variables?.kind : undefined;

  const choose = async (kind: ReactionKind) => {
    try {
      await react.mutateAsync({ advisoryId: advisory.id, kind });
      void message.success(t('trading.reacted', { reaction: t(`trading.reactions.${reactionKey(kind)}`) }));
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Panel testId="advisory-card">
      <article aria-labelledby={`advisory-${advisory.id}-title`} data-advisory-id={advisory.id}>
        <Stack justify="space-between" align="flex-start" gap={12} wrap>
          <Heading level={4} id={`advisory-${advisory.id}-title`} style={{ margin: 0, flex: '1 1 260px' }}>
            {advisory.title}
            {fresh ? (
              <ColorTag
                tone="red"
                style={{ marginInlineStart: 10, verticalAlign: 'middle' }}
                testId="advisory-new"
              >
                {t('trading.new')}
              </ColorTag>
            ) : null}
          </Heading>
          <Text secondary style={{ whiteSpace: 'nowrap' }}>
            <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
            <time dateTime={advisory.createdTimestamp}>{localDateTime(advisory.createdTimestamp)}</time>
          </Text>
        </Stack>
        <Stack gap={6} wrap align="center" style={{ margin: '10px 0 16px' }}>
          <Text secondary>{t('trading.traders')}</Text>
          {advisory.traders.map((trader) => (
            <ColorTag key={trader.id} icon={<UserOutlined />} tone="blue" variant="outlined">
              {trader.keyName}
            </ColorTag>
          ))}
        </Stack>
        {/* Rebuilt from the allow-list before it is shown (the server cleaned it when it was saved). */}
        <RichTextView html={advisory.content} testId="advisory-content" />
        <Stack
          gap={8}
          wrap
          role="group"
          aria-label={t('trading.reactionsLabel')}
          style={{ marginTop: 20, paddingTop: 16, borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          {REACTIONS.map((reaction) => (
            <Button
              key={reaction.kind}
              type={mine === reaction.kind ? 'primary' : 'default'}
              icon={reaction.icon}
              aria-pressed={mine === reaction.kind}
              loading={pendingKind === reaction.kind}
              disabled={react.isPending && pendingKind !== reaction.kind}
              onClick={() => void choose(reaction.kind)}
              data-testid={`reaction-${reaction.key}`}
            >
              {t(`trading.reactions.${reaction.key}`)}
              <span
                data-testid={`count-${reaction.key}`}
                style={{ fontVariantNumeric: 'tabular-nums', opacity: 0.85 }}
              >
                {counts[reaction.kind]}
              </span>
            </Button>
          ))}
        </Stack>
      </article>
    </Panel>
  );
}
