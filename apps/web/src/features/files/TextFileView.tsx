import { TEXT_VIEW_BYTES, textViewKind } from '@lis/contracts';
import { Alert, Flex, Segmented, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import type { DownloadedFile } from './file-api';
import { filesMessages } from './files.i18n';
import { decodeText, parseCsv, prettyJson, type TextEncodingChoice } from './text-view';

/** A size for the extent note: bytes below 1 KiB, else KiB or MiB with one decimal. */
export function formatKib(size: number): string {
  const one = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (size < 1024) return `${size.toLocaleString('en-US')} B`;
  if (size < 1024 * 1024) return `${one(size / 1024)} KiB`;
  return `${one(size / (1024 * 1024))} MiB`;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; bytes: Uint8Array; totalSize: number }
  | { state: 'failed'; message: string };

/**
 * A text file's first {@link TEXT_VIEW_BYTES} bytes (decision 0029), asked of the server with `limit`
 * so that a large file is never pulled whole: decoded as UTF-8 or windows-874 (detected or chosen), a
 * CSV as a table, JSON pretty-printed — always as React text, never as HTML.
 */
export function TextFileView({
  name,
  fetch,
}: {
  name: string;
  fetch: (limit: number) => Promise<DownloadedFile>;
}) {
  const t = useT(filesMessages);
  const kind = textViewKind(name) ?? 'text';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [choice, setChoice] = useState<TextEncodingChoice>('auto');
  const [asTable, setAsTable] = useState(kind === 'csv');

  useEffect(() => {
    let cancelled = false;
    fetch(TEXT_VIEW_BYTES)
      .then(async (file) => {
        const bytes = new Uint8Array(await file.blob.arrayBuffer());
        if (!cancelled) setLoaded({ state: 'loaded', bytes, totalSize: file.totalSize ?? bytes.length });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [fetch]);

  const bytes = loaded.state === 'loaded' ? loaded.bytes : undefined;
  const decoded = useMemo(() => (bytes ? decodeText(bytes, choice) : undefined), [bytes, choice]);
  const detected = useMemo(() => (bytes ? decodeText(bytes, 'auto').encoding : undefined), [bytes]);
  const csv = useMemo(
    () => (decoded && kind === 'csv' ? parseCsv(decoded.text) : undefined),
    [decoded, kind],
  );
  const json = useMemo(
    () => (decoded && kind === 'json' ? prettyJson(decoded.text) : undefined),
    [decoded, kind],
  );

  if (loaded.state === 'loading') return <Spin size="large" />;
  if (loaded.state === 'failed')
    return <Alert type="error" showIcon title={t('viewerFailed')} description={loaded.message} />;
  if (!decoded) return null;

  const cut = loaded.bytes.length < loaded.totalSize;
  const encodingLabel = (encoding: string) =>
    encoding === 'windows-874' ? t('textEncodingThai') : t('textEncodingUtf8');
  const text = json?.text ?? decoded.text;

  return (
    <Flex vertical gap={8} className="text-viewer">
      <Flex gap={12} wrap align="center" justify="space-between">
        <Typography.Text type={cut ? 'warning' : 'secondary'} data-testid="text-viewer-extent">
          {cut
            ? t('textPart', {
                shown: formatKib(loaded.bytes.length),
                total: formatKib(loaded.totalSize),
              })
            : t('textWhole', { total: formatKib(loaded.totalSize) })}
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          {kind === 'csv' && (
            <Segmented
              size="small"
              value={asTable ? 'table' : 'text'}
              onChange={(value) => setAsTable(value === 'table')}
              options={[
                { value: 'table', label: t('textAsTable') },
                { value: 'text', label: t('textAsText') },
              ]}
            />
          )}
          <label htmlFor="text-viewer-encoding">{t('textEncoding')}</label>
          <Select<TextEncodingChoice>
            id="text-viewer-encoding"
            size="small"
            style={{ minWidth: 240 }}
            value={choice}
            onChange={setChoice}
            options={[
              {
                value: 'auto',
                label: t('textEncodingAuto', { detected: encodingLabel(detected ?? 'utf-8') }),
              },
              { value: 'utf-8', label: t('textEncodingUtf8') },
              { value: 'windows-874', label: t('textEncodingThai') },
            ]}
          />
        </Flex>
      </Flex>
      {decoded.text === '' && <Alert type="info" showIcon title={t('textEmpty')} />}
      {json && !json.parsed && decoded.text !== '' && <Alert type="info" showIcon title={t('textJsonRaw')} />}
      {csv && asTable && csv.cut && (
        <Alert type="info" showIcon title={t('textRowsCut', { rows: csv.rows.length })} />
      )}
      {csv && asTable ? (
        <div className="text-viewer-scroll">
          <table className="text-viewer-table" aria-label={name}>
            <tbody>
              {csv.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  <th scope="row">{rowIndex + 1}</th>
                  {row.map((field, fieldIndex) => (
                    <td key={fieldIndex}>{field}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        decoded.text !== '' && (
          <pre className="text-viewer-scroll text-viewer-text" aria-label={name}>
            {text}
          </pre>
        )
      )}
    </Flex>
  );
}
