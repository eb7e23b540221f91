import { DeleteOutlined, ExperimentOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Typography } from 'antd';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { demoKeys, fetchDemoStatus, removeDemo } from './demo-api';
import { demoMessages } from './demo.i18n';

/**
 * Says that the examples of the first start are there and removes them after a confirmation (super_admin:
 * the server refuses anyone else). Shows nothing when there is no demo.
 */
export function DemoNotice() {
  const t = useT(demoMessages);
  const { modal, message } = App.useApp();
  const showErrorDialog = useErrorDialog();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: demoKeys.status,
    queryFn: ({ signal }) => fetchDemoStatus(signal),
    retry: false,
  });
  const remove = useMutation({
    mutationFn: removeDemo,
    onSuccess: (answer) => {
      message.success(answer.message);
      // Users, companies, jobs and runs of the demo are gone from every list.
      void queryClient.invalidateQueries();
    },
    onError: (error) => showErrorDialog(error, { title: t('notSuccessful') }),
  });

  if (!status.data?.present) return null;
  // Only the demo's admins get the sFTP peer's credentials from the server.
  const sftp = status.data.sftp;
  const confirm = () =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmText'),
      okText: t('remove'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  return (
    <Alert
      data-testid="demo-notice"
      type="info"
      showIcon
      icon={<ExperimentOutlined />}
      style={{ marginBottom: 16 }}
      message={t('title')}
      description={
        <>
          {t('text')}
          {sftp && (
            <Descriptions
              data-testid="demo-sftp-access"
              size="small"
              column={1}
              style={{ marginTop: 8 }}
              title={<Typography.Text strong>{t('sftpTitle')}</Typography.Text>}
              items={[
                {
                  key: 'address',
                  label: t('sftpAddress'),
                  children: (
                    <Typography.Text code copyable>{`sftp://${sftp.host}:${sftp.port}`}</Typography.Text>
                  ),
                },
                {
                  key: 'username',
                  label: t('sftpUsername'),
                  children: (
                    <Typography.Text code copyable>
                      {sftp.username}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'password',
                  label: t('sftpPassword'),
                  children: (
                    <Typography.Text code copyable>
                      {sftp.password}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          )}
        </>
      }
      action={
        <Button danger icon={<DeleteOutlined />} loading={remove.isPending} onClick={confirm}>
          {t('remove')}
        </Button>
      }
    />
  );
}
