import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginRequest, LoginResponse } from '@lis/contracts';
import { ApiError } from '../../platform/api/http';
import { call } from '../../platform/api/endpoint-client';
import { useT } from '../../platform/i18n/I18nProvider';
import { useErrorDialog } from '../../ui/useErrorDialog';
import { signInMessages } from './sign-in-messages';

export interface LoginFormProps {
  /** Called with the session the server issued. */
  onSignedIn: (session: LoginResponse) => void;
}

/** Spec 001 §5: user name and password; empty fields warn, wrong credentials say so. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const t = useT(signInMessages);
  const { modal } = App.useApp();
  const showError = useErrorDialog();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Partial<LoginRequest>) => {
    const username = values.username?.trim() ?? '';
    const password = values.password ?? '';
    if (!username || !password) {
      modal.warning({ title: t('checkInformation'), content: t('fillUsernameAndPassword'), okText: t('ok') });
      return;
    }
    setSubmitting(true);
    try {
      const session = await call('POST /v1/auth/login', {
        body: {
          username,
          password,
        } satisfies LoginRequest,
      });
      onSignedIn(session);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CREDENTIALS_INVALID') {
        modal.error({ title: t('notSuccessful'), content: t('checkUsernamePassword'), okText: t('ok') });
      } else if (
        error instanceof ApiError &&
        (error.code === 'SIGN_IN_THROTTLED' || error.code === 'COMPANY_INACTIVE')
      ) {
        // Throttled, or the user's every company is inactive: the server's message says so.
        showError(error, { title: t('notSuccessful') });
      } else {
        showError(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<Partial<LoginRequest>> layout="vertical" requiredMark={false} onFinish={submit} autoComplete="on">
      <Form.Item label={t('username')} name="username">
        <Input
          prefix={<UserOutlined />}
          placeholder={t('usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          size="large"
          maxLength={256}
        />
      </Form.Item>
      <Form.Item label={t('password')} name="password">
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('passwordPlaceholder')}
          autoComplete="current-password"
          size="large"
          maxLength={256}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('signIn')}
        </Button>
      </Form.Item>
    </Form>
  );
}
