import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useFeedback } from '../lib/feedback.tsx';

/**
 * A list row's delete link: asks first, then deletes, toasts `deletedText` on success and stays quiet on
 * failure (the API client has shown why).
 */
export function ConfirmDeleteButton({
  title,
  description,
  deleteText,
  cancelText,
  deletedText,
  pending,
  remove,
  testId,
}: {
  title: string;
  description: string;
  deleteText: string;
  cancelText: string;
  deletedText: string;
  pending: boolean;
  remove: () => Promise<unknown>;
  testId: string;
}) {
  const { message } = useFeedback();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={deleteText}
      cancelText={cancelText}
      okButtonProps={{ danger: true, loading: pending }}
      onConfirm={async () => {
        try {
          await remove();
          void message.success(deletedText);
        } catch {
          // The API client has shown why.
        }
      }}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={testId}>
        {deleteText}
      </Button>
    </Popconfirm>
  );
}
