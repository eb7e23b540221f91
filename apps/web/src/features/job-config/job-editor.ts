import type { MessageResponse } from '@lis/contracts';
import { deleteExpectation, fetchExpectation, putExpectation } from './expectation/expectation-api';
import {
  emptyExpectationForm,
  expectationChange,
  expectationToForm,
  type ExpectationFormValues,
} from './expectation/expectation-form';
import { fetchJobConfig, saveJobConfig } from './job-config-api';
import { emptyJobForm, formToPayload, jobToForm, templateToForm, type JobFormValues } from './job-form';

/** The job modal's values: the job, and its file deadline (issue 35) under `expectation`. */
export type JobEditorValues = JobFormValues & { expectation: ExpectationFormValues };

export const emptyJobEditor = (): JobEditorValues => ({
  ...emptyJobForm(),
  expectation: emptyExpectationForm(),
});

/**
 * A stored job and its expectation, for Edit (`edit`) or as a new job's template (`template`: the
 * legacy id cleared, the expectation copied but not stored for the new job yet).
 */
export async function loadJobEditor(
  company: string,
  legacyId: string,
  use: 'edit' | 'template',
): Promise<JobEditorValues> {
  const key = { company_code: company, legacy_id: legacyId };
  const [job, expectation] = await Promise.all([fetchJobConfig(company, legacyId), fetchExpectation(key)]);
  return {
    ...(use === 'edit' ? jobToForm(job) : templateToForm(job)),
    expectation: expectationToForm(expectation, use === 'edit'),
  };
}

export interface SavedJob {
  answer: MessageResponse;
  /** The job was saved but its expectation was refused (the job is not saved twice: the form closes). */
  expectationError?: unknown;
}

/** Saves the job (add or update), then its expectation: PUT, DELETE or nothing (expectationChange). */
export async function saveJobEditor(mode: 'add' | 'edit', values: JobEditorValues): Promise<SavedJob> {
  const payload = formToPayload(values);
  const answer = await saveJobConfig(mode, payload);
  const change = expectationChange(values.expectation, {
    company_code: payload.companycode,
    legacy_id: payload.legacyid,
  });
  try {
    if (change.kind === 'put') await putExpectation(change.body);
    if (change.kind === 'delete') await deleteExpectation(change.key);
  } catch (expectationError) {
    return { answer, expectationError };
  }
  return { answer };
}
