import { SaveOutlined } from '@ant-design/icons';
import { EMAIL_CONDITIONS, type EmailCondition } from '@lis/contracts';
import { Button, Flex, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import type { EmailTemplates } from './email-content-api';
import { emailMessages } from './email-content.i18n';
import { EmailConditionEditor } from './EmailConditionEditor';
import { EmailPreviewModal } from './EmailPreviewModal';

interface Props {
  company: string;
  /** The templates as loaded; the form starts from them (a new load remounts it). */
  initial: EmailTemplates;
  saving: boolean;
  onSave: (templates: EmailTemplates) => void;
}

/** One tab per condition (finished, warning, error, function error), then Save for all four. */
export function EmailTemplatesForm({ company, initial, saving, onSave }: Props) {
  const t = useT(emailMessages);
  const [draft, setDraft] = useState<EmailTemplates>(initial);
  const [previewing, setPreviewing] = useState<EmailCondition | null>(null);
  const [shown, setShown] = useState<EmailCondition>('finished');
  const dirty = EMAIL_CONDITIONS.some(
    (c) => draft[c].subject !== initial[c].subject || draft[c].body !== initial[c].body,
  );

  return (
    <>
      <Tabs
        activeKey={shown}
        onChange={(key) => setShown(key as EmailCondition)}
        tabBarExtraContent={
          <Flex gap={8} align="center">
            {dirty && <Tag color="orange">{t('unsaved')}</Tag>}
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => onSave(draft)}>
              {t('save')}
            </Button>
          </Flex>
        }
        items={EMAIL_CONDITIONS.map((condition) => ({
          key: condition,
          label: t(condition),
          forceRender: true,
          children: (
            <EmailConditionEditor
              id={`email-${condition}`}
              value={draft[condition]}
              disabled={saving}
              onChange={(next) => setDraft((current) => ({ ...current, [condition]: next }))}
              onPreview={() => setPreviewing(condition)}
            />
          ),
        }))}
      />
      <EmailPreviewModal
        open={previewing !== null}
        conditionLabel={previewing ? t(previewing) : ''}
        company={company}
        subject={previewing ? draft[previewing].subject : ''}
        body={previewing ? draft[previewing].body : ''}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}
