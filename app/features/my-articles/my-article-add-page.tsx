import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Flex, Skeleton } from 'antd';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ArticleEditScreen } from '../../domains/teaching/article-edit-screen.tsx';
import { useAccount } from '../../lib/account.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** /personal/article/add: members publish an article (or edit their own, `?id=`); it goes to review. */
export function MyArticleAddPage() {
  const { t } = useTranslation('teach');
  const { t: tPersonal } = useTranslation('personal');
  const account = useAccount();
  if (account.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (account.isError) return <QueryError onRetry={() => void account.refetch()} />;
  if (!account.data.isMember) {
    return (
      <Flex vertical gap={16} align="flex-start">
        <title>{`${t('mine.addTitle')} · ${tPersonal('title')}`}</title>
        <LinkButton
          type="link"
          to="/personal/article"
          icon={<ArrowLeftOutlined />}
          style={{ paddingInline: 0 }}
        >
          {t('mine.back')}
        </LinkButton>
        <Alert type="warning" showIcon title={t('mine.notMember')} data-testid="publish-not-member" />
      </Flex>
    );
  }
  return (
    <ArticleEditScreen
      audience="member"
      listPath="/personal/article"
      titles={{ add: t('mine.addTitle'), edit: t('mine.editTitle'), back: t('mine.back') }}
      documentTitle={tPersonal('title')}
    />
  );
}
