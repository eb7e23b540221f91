import type { CalendarImportResponse, NamedCalendar } from '@lis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useT } from '../../platform/i18n/I18nProvider';
import { useDeleteConfirmation } from '../../ui/resource/useDeleteConfirmation';
import { useResourceErrors } from '../../ui/resource/useResourceErrors';
import { useResourceForm } from '../../ui/resource/useResourceForm';
import { calendarKeys, deleteCalendar, saveCalendar } from './calendar-api';
import { toDefinition, type CalendarFormValues } from './calendar-form';
import { calendarMessages } from './calendars.i18n';

/** New, Edit (or View), Delete and the import's answer; every change reloads the lists. */
export function useCalendarActions(companyLabel: (code: string) => string) {
  const t = useT(calendarMessages);
  const { message, modal } = App.useApp();
  const errors = useResourceErrors(t('notSuccessful'));
  const queryClient = useQueryClient();
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: calendarKeys.lists() }),
    [queryClient],
  );

  const form = useResourceForm<NamedCalendar | null, CalendarFormValues>({
    empty: () => null,
    save: (mode, values) =>
      saveCalendar(mode, {
        company_code: values.company_code,
        name: values.name.trim(),
        description: values.description.trim(),
        definition: toDefinition(values),
      }),
    onSaved: () => message.success(t('saved')),
    onError: errors.showRefused,
    reload,
    reloadAfter: 'saved',
  });

  /** A calendar in use is refused (CALENDAR_IN_USE): the dialog shows the server's message naming its users. */
  const confirmDelete = useDeleteConfirmation<NamedCalendar>({
    t,
    content: (calendar) =>
      t('deleteContent', { name: calendar.name, company: companyLabel(calendar.company_code) }),
    remove: (calendar) => deleteCalendar(calendar.company_code, calendar.name),
    onDeleted: () => message.success(t('deleted')),
    onError: errors.showRefused,
    reload,
  });

  const showImported = useCallback(
    (answer: CalendarImportResponse) => {
      void reload();
      modal.success({
        title: t('importedTitle', { name: answer.calendar.name }),
        content: `${t('eventsRead', { count: answer.events.length })}\n${t('eventsSkipped', { count: answer.skipped })}`,
        okText: t('close'),
        styles: { body: { whiteSpace: 'pre-line' } },
      });
    },
    [modal, t, reload],
  );

  return {
    form,
    confirmDelete,
    showImported,
    showRefused: errors.showRefused,
    showListError: errors.showError,
  };
}
