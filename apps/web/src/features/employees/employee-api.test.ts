import { SESSION_STORAGE_KEY } from '@lis/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/api/http';
import { EMPTY_FILTERS, downloadImportTemplate, fetchUsers, importUsers } from './employee-api';

const SESSION = { access_token: 'secret-token', user_id: 'root', company_code: '*' };

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const firstCall = (fetchMock: ReturnType<typeof stubFetch>) => {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  return { url: new URL(String(call[0])), init: call[1] ?? {} };
};

beforeEach(() => localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(SESSION)));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('employee API calls', () => {
  it('lists users with sid, the non-empty criteria and paging', async () => {
    const fetchMock = stubFetch(() => Response.json({ result_list: [], total_count: 0 }));
    await fetchUsers({ ...EMPTY_FILTERS, id: ' som ', role_access: 'admin' }, 3, 50);
    const { url } = firstCall(fetchMock);
    expect(url.pathname).toBe('/v1/user');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sid: '555',
      id: 'som',
      role_access: 'admin',
      exclude_first_role: 'super_admin',
      page: '3',
      page_size: '50',
    });
  });

  it('uploads the workbook as multipart field "files"', async () => {
    const fetchMock = stubFetch(() => Response.json({ message: 'ok', created: 1, updated: 0 }));
    const file = new File(['x'], 'users.xlsx');
    await expect(importUsers(file)).resolves.toEqual({ message: 'ok', created: 1, updated: 0 });
    const { url, init } = firstCall(fetchMock);
    expect(url.pathname).toBe('/v1/user/import');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('files')).toBeInstanceOf(File);
  });

  it('downloads the template with the token in the Authorization header, never in the URL', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-disposition': 'attachment; filename="lis-users.xlsx"' },
        }),
    );
    const { blob, fileName } = await downloadImportTemplate();
    const { url, init } = firstCall(fetchMock);
    expect(url.pathname).toBe('/v1/user/import-template');
    expect(url.toString()).not.toContain('secret-token');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer secret-token');
    expect(fileName).toBe('lis-users.xlsx');
    expect(blob.size).toBe(4);
  });

  it("turns a refused template download into an ApiError carrying the server's message", async () => {
    stubFetch(() => Response.json({ message: 'super_admin only' }, { status: 403 }));
    const error = await downloadImportTemplate().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'super_admin only' });
  });
});
