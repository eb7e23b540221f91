import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Flex, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { PageContainer } from '../../ui/PageContainer';
import { useErrorEffect } from '../../ui/resource/useErrorEffect';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { MailOutboxButton } from '../mail-outbox';
import { useAdminCompanies } from '../companies';
import {
  emailContentKeys,
  fetchEmailTemplates,
  saveEmailTemplates,
  type EmailTemplates,
} from './email-content-api';
import { emailMessages } from './email-content.i18n';
import { EmailTemplatesForm } from './EmailTemplatesForm';

/** Email Content (spec 001 "Email Content screen", route /emailcontent): the templates of one company. */
export function EmailContent() {
  const t = useT(emailMessages);
  const { message } = App.useApp();
  // Spec 001 §8: a failed load or save shows 'Not successful' with the server's message.
  const { showNotSuccessful: showError } = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const companies = useAdminCompanies();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const company = chosen ?? companies.options[0]?.value ?? '';

  const query = useQuery({
    queryKey: emailContentKeys.company(company),
    queryFn: ({ signal }) => fetchEmailTemplates(company, signal),
    enabled: company !== '',
    retry: false,
    staleTime: 0,
  });

  useErrorEffect(query.error, showError);

  const save = useMutation({
    mutationFn: (templates: EmailTemplates) => saveEmailTemplates(company, templates),
    onSuccess: (answer) => {
      message.success(answer.message || t('saved'));
      // Spec 001 §8: 200 shows success and reloads.
      void queryClient.invalidateQueries({ queryKey: emailContentKeys.company(company) });
    },
    onError: (error) => showError(error),
  });

  let content;
  if (!company) {
    content = companies.loading ? (
      <Typography.Text type="secondary">{t('loading')}</Typography.Text>
    ) : (
      <Empty description={t('noCompany')} />
    );
  } else if (query.isPending) {
    content = (
      <Flex gap={8} align="center">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('loading')}</Typography.Text>
      </Flex>
    );
  } else if (query.isError) {
    content = <Empty description={t('noData')} />;
  } else {
    content = (
      <EmailTemplatesForm
        // A new load (company change or reload after save) starts the form again from the server's copy.
        key={`${company}\u0000${query.dataUpdatedAt}`}
        company={company}
        initial={query.data}
        saving={save.isPending}
        onSave={(templates) => save.mutate(templates)}
      />
    );
  }

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Flex gap={8} align="center">
          <span>{t('company')}:</span>
          <Select
            aria-label={t('company')}
            style={{ minWidth: 260 }}
            value={company || undefined}
            placeholder={t('selectCompany')}
            loading={companies.loading}
            showSearch={{ optionFilterProp: 'label' }}
            options={companies.options}
            onChange={setChosen}
          />
          <MailOutboxButton company={company} />
        </Flex>
      }
    >
      {content}
    </PageContainer>
  );
}
