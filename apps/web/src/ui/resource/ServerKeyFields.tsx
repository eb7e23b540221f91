import { Form } from 'antd';
import { checkCompany, checkServerId, SERVER_ID_MAX_LENGTH } from './field-checks';
import { CompanySelect, KeyInput, messageRule, withRecordCompany, type CompanyChoices } from './form-fields';

type Key =
  'company' | 'selectCompany' | 'serverIdHint' | 'companyRequired' | 'serverIdRequired' | 'serverIdInvalid';

interface ServerKeyFieldsProps {
  /** The screen's words for the two fields and their messages. */
  t: (key: Key) => string;
  /** The server id's field name and label (e.g. `dms_serverid`, 'Dms Server ID'). */
  idName: string;
  idLabel: string;
  /** The companies offered; the edited record's own company is added when it is not among them. */
  companies: CompanyChoices;
  recordCompany: string | undefined;
  companyLabel: (code: string) => string;
  /** A saved server's company and id are fixed. */
  editing: boolean;
}

/** The key of a server configuration: its company (`companycode`) and its id, both required. */
export function ServerKeyFields({
  t,
  idName,
  idLabel,
  companies,
  recordCompany,
  companyLabel,
  editing,
}: ServerKeyFieldsProps) {
  return (
    <>
      <Form.Item name="companycode" label={t('company')} required rules={[messageRule(t, checkCompany)]}>
        <CompanySelect
          options={withRecordCompany(companies.options, recordCompany, companyLabel)}
          loading={companies.loading}
          placeholder={t('selectCompany')}
          disabled={editing}
          aria-label={t('company')}
        />
      </Form.Item>
      <Form.Item
        name={idName}
        label={idLabel}
        required
        extra={editing ? undefined : t('serverIdHint')}
        rules={[messageRule(t, checkServerId)]}
      >
        <KeyInput maxLength={SERVER_ID_MAX_LENGTH} editing={editing} />
      </Form.Item>
    </>
  );
}
