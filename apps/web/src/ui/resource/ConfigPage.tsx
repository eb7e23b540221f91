import type { ReactNode } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import type { Messages } from '../../platform/i18n/language';
import { PageContainer } from '../PageContainer';
import { AddButton, ExportButton, TemplateButton } from './ResourceButtons';

/** The header's words every screen with Export and Template says the same way (Add is the screen's). */
const configPageMessages: Messages<'exportExcel' | 'createFromTemplate'> = {
  en: { exportExcel: 'Export Excel', createFromTemplate: 'Create From Template' },
  th: { exportExcel: 'ส่งออก Excel', createFromTemplate: 'สร้างจากแม่แบบ' },
};

/** Export Excel of the list as searched: `useExport`'s state and the criteria shown. */
export interface PageExport<F> {
  exporting: boolean;
  exportFile: (filters: F) => unknown;
  filters: F;
}

interface ConfigPageProps<F> {
  /** The screen's words: its title, and its Add ('Add API config', …). */
  t: (key: 'title' | 'add') => string;
  onAdd: () => void;
  /** Create From Template, before Add. */
  onTemplate?: () => void;
  /** Export Excel, first. */
  exporter?: PageExport<F>;
  /** Buttons of the screen's own, before the kit's (e.g. Companies, Upload). */
  before?: ReactNode;
  /** The buttons' data-testid: `<testIds>-export`, `-template`, `-add` (the browser suite's handles). */
  testIds?: string;
  children: ReactNode;
}

/**
 * A configuration screen's frame: its title with Export Excel, Create From Template and Add at the
 * right (those it has, in that order), then its search, list and dialogs in the page's card.
 */
export function ConfigPage<F>(props: ConfigPageProps<F>) {
  const t = useT(configPageMessages);
  const { exporter, onTemplate, testIds } = props;
  const testId = (button: string) => (testIds ? `${testIds}-${button}` : undefined);
  const extra = (
    <>
      {props.before}
      {exporter && (
        <ExportButton
          label={t('exportExcel')}
          exporting={exporter.exporting}
          onClick={() => void exporter.exportFile(exporter.filters)}
          data-testid={testId('export')}
        />
      )}
      {onTemplate && (
        <TemplateButton
          label={t('createFromTemplate')}
          onClick={onTemplate}
          data-testid={testId('template')}
        />
      )}
      <AddButton label={props.t('add')} onClick={props.onAdd} data-testid={testId('add')} />
    </>
  );
  return (
    <PageContainer title={props.t('title')} extra={extra}>
      {props.children}
    </PageContainer>
  );
}
