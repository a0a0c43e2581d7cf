import { LockOutlined } from '@ant-design/icons';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { isAdminRole } from '#shared/roles.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type RoleLookup, tagColor, tagLabel } from './role-tags.ts';

/** A user's tags by name (an id no role has shows 'Unknown'); the Admin tag carries a lock. */
export function RoleTagList({ tags, lookup }: { tags: readonly number[]; lookup: RoleLookup }) {
  const { t } = useTranslation('adminUsers');
  if (tags.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="no-tags">
        {t('list.noTags')}
      </Typography.Text>
    );
  }
  return (
    <Flex gap={4} wrap data-testid="role-tags">
      {tags.map((id) => {
        const name = lookup.get(id);
        const locked = name !== undefined && isAdminRole(name);
        const tag = (
          <Tag
            key={id}
            color={tagColor(name, id)}
            variant="outlined"
            icon={locked ? <LockOutlined /> : undefined}
            style={{ marginInlineEnd: 0 }}
            data-testid="role-tag"
          >
            {tagLabel(t, lookup, id)}
          </Tag>
        );
        return locked ? (
          <Tooltip key={id} title={t('batch.adminLocked')}>
            {tag}
          </Tooltip>
        ) : (
          tag
        );
      })}
    </Flex>
  );
}
