import { Typography } from 'antd';
import { Link } from 'react-router';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { targetTypeLabel } from './audit-labels.ts';

const { Text } = Typography;

const userPath = (userId: string) => `/admin/account/list/detail?${new URLSearchParams({ userId })}`;

/** Who acted: their e-mail (to their user page) and name; a visitor or the system when nobody was signed in. */
export function ActorView({ actor }: { actor: AuditEntry['actor'] }) {
  const { t } = useTranslation('auditAdmin');
  if (!actor) return <Text type="secondary">{t('nobody')}</Text>;
  if (actor.email === null)
    return (
      <Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {t('deletedUser')} ({actor.userId})
      </Text>
    );
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      <Link to={userPath(actor.userId)}>{actor.email}</Link>
      {actor.name && actor.name !== actor.email ? <Text type="secondary"> · {actor.name}</Text> : null}
    </span>
  );
}

/** What the action was on: its kind and id, a user's e-mail (to their page). */
export function TargetView({ target }: { target: AuditEntry['target'] }) {
  const { t } = useTranslation('auditAdmin');
  if (!target) return <Text type="secondary">—</Text>;
  const type = targetTypeLabel(t, target.type);
  if (target.type === 'user' && target.id && target.email)
    return (
      <span style={{ overflowWrap: 'anywhere' }}>
        {type} <Link to={userPath(target.id)}>{target.email}</Link>
      </span>
    );
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {type}
      {target.id ? <Text type="secondary"> #{target.id}</Text> : null}
    </span>
  );
}

/** The words of a target for a tooltip or label. */
export function targetText(
  t: Parameters<typeof targetTypeLabel>[0],
  target: NonNullable<AuditEntry['target']>,
) {
  const type = targetTypeLabel(t, target.type);
  if (target.email) return `${type} ${target.email}`;
  return target.id ? `${type} #${target.id}` : type;
}
