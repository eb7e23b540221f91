import type { ApiServer } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  checkServerId,
  checkTimeout,
  checkUrl,
  checkUsername,
  formFromApiServer,
  toApiServerPayload,
  toApiTestCall,
} from './api-server-form';
import { adminCompanyOptions } from '../companies/admin-companies';
import { formatTestField } from './test-result-format';

const SAVED: ApiServer = {
  sid: '555',
  companycode: 'ACME',
  companyname: 'Acme',
  api_serverid: 'F1',
  api_url_callfunction: 'https://f.test/api',
  api_username: 'u',
  has_password: true,
  api_timeout_seconds: 45,
};

describe('API server form', () => {
  it('never fills the password from a row, and leaves a blank one out of an edit', () => {
    const values = formFromApiServer(SAVED);
    expect(values.api_password).toBe('');
    expect(toApiServerPayload(values, 'edit')).toEqual({
      sid: '555',
      companycode: 'ACME',
      api_serverid: 'F1',
      api_url_callfunction: 'https://f.test/api',
      api_username: 'u',
      api_timeout_seconds: 45,
    });
    expect(toApiServerPayload({ ...values, api_password: 'new' }, 'edit').api_password).toBe('new');
    expect(toApiServerPayload(values, 'add').api_password).toBe('');
  });

  it('tests a saved, unchanged record by id and anything else with the form', () => {
    const values = formFromApiServer(SAVED);
    expect(toApiTestCall(values, 'edit', SAVED)).toEqual({
      kind: 'saved',
      query: { sid: '555', company_code: 'ACME', api_server_id: 'F1' },
    });
    expect(toApiTestCall({ ...values, api_url_callfunction: 'https://g.test/api' }, 'edit', SAVED)).toEqual({
      kind: 'form',
      body: {
        sid: '555',
        company_code: 'ACME',
        api_server_id: 'F1',
        apiUrl: 'https://g.test/api',
        username: 'u',
      },
    });
    expect(toApiTestCall({ ...values, api_password: 'p' }, 'add', null)).toEqual({
      kind: 'form',
      body: { sid: '555', company_code: 'ACME', apiUrl: 'https://f.test/api', username: 'u', password: 'p' },
    });
  });

  it('checks the fields', () => {
    expect(checkServerId(' ')).toBe('serverIdRequired');
    expect(checkServerId('a b')).toBe('serverIdInvalid');
    expect(checkServerId('FAPP_01.x-2')).toBeUndefined();
    expect(checkUrl('')).toBe('urlRequired');
    expect(checkUrl('http://user:pw@host/api')).toBe('urlInvalid');
    expect(checkUrl('https://host:8443/api')).toBeUndefined();
    expect(checkUsername('a:b')).toBe('usernameInvalid');
    expect(checkUsername('demo')).toBeUndefined();
    expect(checkPassword('', 'add')).toBe('passwordRequired');
    expect(checkPassword('', 'edit')).toBeUndefined();
    expect(checkTimeout(null)).toBe('timeoutRequired');
    expect(checkTimeout('')).toBe('timeoutRequired');
    for (const bad of [0, 3601, 1.5, -1, 'abc']) expect(checkTimeout(bad)).toBe('timeoutInvalid');
    for (const good of [1, 120, 3600, '30']) expect(checkTimeout(good)).toBeUndefined();
  });
});

describe('company options', () => {
  const active = [
    { company_code: 'A', company_name: 'Alpha' },
    { company_code: 'B', company_name: 'Beta' },
  ];
  it("offers every active company for '*', else the user's own", () => {
    expect(adminCompanyOptions(['*'], active).map((o) => o.value)).toEqual(['A', 'B']);
    expect(adminCompanyOptions(['B', 'C'], active)).toEqual([
      { value: 'B', label: 'B · Beta' },
      { value: 'C', label: 'C' },
    ]);
  });
});

describe('test result format', () => {
  const result = {
    message: '',
    percentTotalCPUUsage: 3.14159,
    percentProcessCPUUsage: 0,
    megaByteTotalMemory: 2048.55,
    megaByteFreeMemory: 1,
    megaByteProcessMemoryUsage: 1,
    serverVersion: '',
    serverOS: 'linux',
    serverTime: 'not a date',
    serverSession: 's',
    functionUsage: 1234,
    clientUUID: 'c',
  };
  it('formats percentages, megabytes, counts and text', () => {
    expect(formatTestField(result, 'percentTotalCPUUsage', 'en')).toBe('3.14 %');
    expect(formatTestField(result, 'megaByteTotalMemory', 'en')).toBe('2,048.6 MB');
    expect(formatTestField(result, 'functionUsage', 'en')).toBe('1,234');
    expect(formatTestField(result, 'serverTime', 'en')).toBe('not a date');
    expect(formatTestField(result, 'serverVersion', 'en')).toBe('—');
    expect(formatTestField(result, 'serverOS', 'th')).toBe('linux');
  });
});
