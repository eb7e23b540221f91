import type { Alert } from '@lis/contracts';

/** An alert as GET /v1/alerts answers it: MISSING files of PAYROLL-IN, open, nothing sent (override anything). */
export const alertOf = (overrides: Partial<Alert>): Alert => ({
  event_id: 'ev-1',
  company_code: 'ACME',
  condition: 'MISSING',
  legacy_id: 'PAYROLL-IN',
  job_instance_no: null,
  business_day: '2026-12-07',
  raised_at: '2026-12-07T03:00:00.000Z',
  state: 'open',
  acknowledged_by: null,
  acknowledged_at: null,
  comment: null,
  resolved_at: null,
  escalated_at: null,
  deliveries: [],
  delivery_states: [],
  ...overrides,
});
