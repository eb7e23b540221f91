import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import type { LegacyReportRow } from '@lis/contracts';
import { IdText } from '../../ui/IdText';
import { PlainButton } from '../../ui/PlainButton';

interface Props {
  row: LegacyReportRow;
  copied: boolean;
  copyLabel: string;
  onCopy: () => void;
  onFocus: () => void;
}

/**
 * A job's legacy ID (with a copy button) over its name. The id wraps after its `_`/`-` when the column
 * cannot be wider (issue 31: never cut); the name is cut then and shows in full on hover. Bare elements: drawn on every scrolled row (DESIGN §8).
 */
export function ReportIdentityCell({ row, copied, copyLabel, onCopy, onFocus }: Props) {
  return (
    <div className="legacy-report-identity">
      <div className="legacy-report-identity-line">
        <IdText className="legacy-report-id" value={row.legacyid} />
        <PlainButton
          variant="text"
          className="legacy-report-copy"
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          title={copyLabel}
          aria-label={copyLabel}
          onFocus={onFocus}
          onClick={onCopy}
        />
      </div>
      <div className="legacy-report-name" title={row.legacyname}>
        {row.legacyname || '-'}
      </div>
    </div>
  );
}
