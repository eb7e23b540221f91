import { CONVERTER_MAX_FILE_BYTES, type ConverterSetting } from '@lis/converter';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { convertInBrowser } from './convert-in-browser';
import type { ConversionOutput } from './conversion-job';
import {
  JSON_FORMAT_FILE,
  JSON_STRING_FORMAT_FILE,
  jsonFormatText,
  jsonStringFormatText,
} from './converter-output';
import { DEFAULT_SETTING_VALUES, toConverterSetting, type SettingValues } from './converter-setting';
import { createStructureMessages } from './create-structure.i18n';
import { addDroppedFiles, type DroppedFile } from './dropped-files';
import { saveTextFile } from './save-text-file';
import { formatNumber } from './format-number';
import { useConverterErrorText } from './useConverterErrorText';

export type OutputFileName = typeof JSON_FORMAT_FILE | typeof JSON_STRING_FORMAT_FILE;

/** The last conversion, for the files (by id) and the setting it was made with. */
export interface Conversion {
  output: ConversionOutput;
  fileIds: number[];
}

/**
 * The screen's state: dropped files, the setting, the last conversion. Changing the files or the setting
 * forgets the conversion, so Download never saves an output that no longer matches what is shown.
 */
export function useCreateStructure() {
  const t = useT(createStructureMessages);
  const errorText = useConverterErrorText();
  const { modal, message } = App.useApp();
  const [files, setFiles] = useState<DroppedFile[]>([]);
  const [nextId, setNextId] = useState(1);
  const [setting, setSettingState] = useState<SettingValues>(DEFAULT_SETTING_VALUES);
  const [settingError, setSettingError] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);
  const [conversion, setConversion] = useState<Conversion | null>(null);
  // Counts changes of files and setting: a conversion that ends after one is dropped, not shown.
  const changes = useRef(0);
  const forgetConversion = useCallback(() => {
    changes.current += 1;
    setConversion(null);
  }, []);

  const addFiles = useCallback(
    (batch: readonly File[]) => {
      const added = addDroppedFiles(files, batch, nextId);
      setFiles(added.files);
      setNextId(added.nextId);
      if (added.files.length !== files.length) forgetConversion();
      if (added.duplicates.length > 0) {
        message.info(t('duplicates', { names: added.duplicates.map((file) => file.name).join(', ') }));
      }
      if (added.tooLarge.length > 0) {
        modal.warning({
          title: t('tooLargeTitle'),
          content: added.tooLarge.map((file, index) => (
            <p key={index} style={{ margin: 0 }}>
              {t('tooLarge', {
                name: file.name,
                size: formatNumber(file.size),
                limit: formatNumber(CONVERTER_MAX_FILE_BYTES),
              })}
            </p>
          )),
          okText: t('ok'),
        });
      }
    },
    [files, nextId, message, modal, t, forgetConversion],
  );

  const removeFile = useCallback(
    (id: number) => {
      setFiles((current) => current.filter((file) => file.id !== id));
      forgetConversion();
    },
    [forgetConversion],
  );

  const changeSetting = useCallback(
    (values: SettingValues) => {
      setSettingState(values);
      setSettingError(null);
      forgetConversion();
    },
    [forgetConversion],
  );

  const create = useCallback(async () => {
    if (files.length === 0) {
      message.warning(t('noFiles'));
      return;
    }
    let converterSetting: ConverterSetting;
    try {
      converterSetting = toConverterSetting(setting);
    } catch (error) {
      setSettingError(errorText(error));
      return;
    }
    setConverting(true);
    const startedAt = changes.current;
    try {
      const output = await convertInBrowser({
        files: files.map(({ name, file }) => ({ file_name: name, blob: file })),
        setting: converterSetting,
      });
      if (changes.current === startedAt) setConversion({ output, fileIds: files.map((file) => file.id) });
    } catch (error) {
      if (changes.current === startedAt) {
        modal.error({ title: t('convertFailed'), content: errorText(error), okText: t('ok') });
      }
    } finally {
      setConverting(false);
    }
  }, [files, setting, message, modal, t, errorText]);

  const download = useCallback(
    (which: readonly OutputFileName[]) => {
      if (!conversion) return;
      const { result } = conversion.output;
      if (which.includes(JSON_FORMAT_FILE)) saveTextFile(jsonFormatText(result), JSON_FORMAT_FILE);
      if (which.includes(JSON_STRING_FORMAT_FILE)) {
        saveTextFile(jsonStringFormatText(result), JSON_STRING_FORMAT_FILE);
      }
    },
    [conversion],
  );

  return {
    files,
    setting,
    settingError,
    converting,
    conversion,
    addFiles,
    removeFile,
    changeSetting,
    create,
    download,
  };
}
