import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { ACTION_PASSWORD_MAX_LENGTH, ACTION_PASSWORD_MIN_LENGTH } from '@lis/contracts';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useErrorDialog } from '../../ui/useErrorDialog';
import {
  clearActionPassword,
  fetchActionPasswordStatus,
  saveActionPassword,
  settingsKeys,
} from './settings-api';
import { settingsMessages } from './settings.i18n';

interface ActionPasswordForm {
  password: string;
  confirm: string;
}

/**
 * /settings (super_admin; decision 0020): what the step-up of protected actions asks for. Unset, each
 * user re-enters their own password; a separate action password can be set, changed or cleared here.
 */
export function SettingsScreen() {
  const t = useT(settingsMessages);
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ActionPasswordForm>();
  const status = useQuery({
    queryKey: settingsKeys.actionPassword,
    queryFn: ({ signal }) => fetchActionPasswordStatus(signal),
    retry: false,
  });
  const done = (answer: { message: string }) => {
    void message.success(answer.message);
    form.resetFields();
    void queryClient.invalidateQueries({ queryKey: settingsKeys.actionPassword });
  };
  const save = useMutation({
    mutationFn: (password: string) => saveActionPassword(password),
    onSuccess: done,
    onError: (error) => showError(error, { title: t('notSuccessful') }),
  });
  const clear = useMutation({
    mutationFn: clearActionPassword,
    onSuccess: done,
    onError: (error) => showError(error, { title: t('notSuccessful') }),
  });
  const isSet = status.data?.step_up === 'action_password';

  return (
    <PageContainer title={t('title')}>
      <Flex vertical gap={16} style={{ maxWidth: 640 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('stepUpHeading')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('stepUpExplained')}
        </Typography.Paragraph>
        {status.isLoading ? (
          <Spin />
        ) : status.data ? (
          <Alert
            data-testid="step-up-mode"
            type={isSet ? 'info' : 'success'}
            showIcon
            title={isSet ? t('nowAction') : t('nowOwn')}
          />
        ) : null}
        <Form<ActionPasswordForm>
          form={form}
          layout="vertical"
          requiredMark
          onFinish={(values) => save.mutate(values.password)}
        >
          <Form.Item
            name="password"
            label={t('newActionPassword')}
            rules={[
              { required: true, message: t('required') },
              {
                min: ACTION_PASSWORD_MIN_LENGTH,
                message: t('tooShort', { min: ACTION_PASSWORD_MIN_LENGTH }),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={ACTION_PASSWORD_MAX_LENGTH} />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('confirmActionPassword')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={ACTION_PASSWORD_MAX_LENGTH} />
          </Form.Item>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {isSet ? t('change') : t('set')}
            </Button>
            {isSet && (
              <Button
                danger
                loading={clear.isPending}
                onClick={() =>
                  modal.confirm({
                    title: t('clearTitle'),
                    content: t('clearText'),
                    okText: t('clear'),
                    okButtonProps: { danger: true },
                    cancelText: t('cancel'),
                    onOk: () => clear.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('clear')}
              </Button>
            )}
          </Flex>
        </Form>
      </Flex>
    </PageContainer>
  );
}
