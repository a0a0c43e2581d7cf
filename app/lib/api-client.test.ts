import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type ApiClientConfig,
  ApiError,
  acceptLanguage,
  createApiClient,
  errorMessages,
  type FailedResponse,
} from './api-client.ts';

function failed(status: number, body: unknown, statusText = 'Bad Request'): FailedResponse {
  return {
    status,
    statusText,
    contentType: typeof body === 'string' ? 'text/plain' : 'application/problem+json',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const problem = (status: number, detail: string, errors: Record<string, string[]> = {}) => ({
  type: 'about:blank',
  title: 'Bad Request',
  status,
  detail,
  instance: '/Auth/PostLogin',
  errors,
  requestId: 'r1',
});

describe('errorMessages (spec §8)', () => {
  it('shows "Permission Denied" with the body text for 403', () => {
    expect(
      errorMessages(failed(403, problem(403, '您还不是会员，请联系客服开通会员')), { locale: 'zh' }),
    ).toEqual(['Permission Denied: 您还不是会员，请联系客服开通会员']);
    expect(errorMessages(failed(403, 'Forbidden by the proxy', 'Forbidden'), { locale: 'en' })).toEqual([
      'Permission Denied: Forbidden by the proxy',
    ]);
    expect(errorMessages(failed(403, '', 'Forbidden'), { locale: 'en' })).toEqual(['Permission Denied']);
    expect(errorMessages(failed(403, problem(403, 'Permission Denied')), { locale: 'en' })).toEqual([
      'Permission Denied',
    ]);
  });

  it('shows each message of the problem errors and its detail, once each', () => {
    const body = problem(400, 'The request is not valid.', {
      email: ['Please enter a valid e-mail address'],
      password: ['The password must be 8 to 30 characters', 'Please enter a valid e-mail address'],
    });
    expect(errorMessages(failed(400, body), { locale: 'en' })).toEqual([
      'Please enter a valid e-mail address',
      'The password must be 8 to 30 characters',
      'The request is not valid.',
    ]);
  });

  it('leaves the messages of fields the form shows beside its inputs to the form', () => {
    const body = problem(400, '图形验证码错误或已过期，请重新输入', {
      captcha: ['图形验证码错误或已过期，请重新输入'],
    });
    expect(errorMessages(failed(400, body), { locale: 'zh', skipFields: ['captcha'] })).toEqual([]);
    expect(errorMessages(failed(400, body), { locale: 'zh' })).toEqual([
      '图形验证码错误或已过期，请重新输入',
    ]);
  });

  it('shows a body that is not JSON as text, and an empty body as the status text', () => {
    expect(errorMessages(failed(502, 'upstream connect error', 'Bad Gateway'), { locale: 'en' })).toEqual([
      'upstream connect error',
    ]);
    expect(errorMessages(failed(500, '', 'Internal Server Error'), { locale: 'en' })).toEqual([
      'Internal Server Error',
    ]);
    expect(errorMessages(failed(500, '   ', ''), { locale: 'en' })).toEqual(['HTTP 500']);
    expect(errorMessages(failed(500, 'x'.repeat(400), 'Error'), { locale: 'en' })[0]).toHaveLength(301);
  });

  it('falls back to the title of a JSON body without messages', () => {
    expect(
      errorMessages(failed(429, { title: 'Too Many Requests' }, 'Too Many Requests'), { locale: 'en' }),
    ).toEqual(['Too Many Requests']);
  });
});

function client(responses: Response[], overrides: Partial<ApiClientConfig> = {}) {
  const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  });
  const config: ApiClientConfig = {
    getAccessToken: async () => 'token-1',
    locale: () => 'zh',
    onUnauthorized: vi.fn(),
    showErrors: vi.fn(),
    texts: { network: () => 'network down', invalidResponse: () => 'unreadable' },
    fetch: fetchStub,
    ...overrides,
  };
  return { api: createApiClient(config), config, fetchStub };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createApiClient', () => {
  it('sends the bearer token, the interface language and JSON, and checks the answer', async () => {
    const { api, fetchStub } = client([json(200, { pic: '/media/default-avatar.svg' })], {
      locale: () => 'en',
    });
    const answer = await api.post(
      '/api/PersonalInfo/UpdatePersonalInfo',
      { nickName: 'Lin' },
      {
        schema: z.object({ pic: z.string() }),
      },
    );
    expect(answer).toEqual({ pic: '/media/default-avatar.svg' });
    const [path, init] = fetchStub.mock.calls[0] ?? [];
    expect(path).toBe('/api/PersonalInfo/UpdatePersonalInfo');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'accept-language': 'en',
      'content-type': 'application/json',
    });
    expect(init?.body).toBe('{"nickName":"Lin"}');
    expect(acceptLanguage('zh')).toBe('zh-CN');
  });

  it('sends PUT with a JSON body and DELETE without one', async () => {
    const { api, fetchStub } = client([json(200, { ok: true }), json(200, { ok: true })]);
    await api.put('/Articles/UpdateArticle', { id: 3 });
    await api.delete('/Articles/DeleteArticle/3');
    const [, putInit] = fetchStub.mock.calls[0] ?? [];
    expect(putInit?.method).toBe('PUT');
    expect(putInit?.body).toBe('{"id":3}');
    expect(putInit?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer token-1',
    });
    const [path, deleteInit] = fetchStub.mock.calls[1] ?? [];
    expect(path).toBe('/Articles/DeleteArticle/3');
    expect(deleteInit?.method).toBe('DELETE');
    expect(deleteInit?.body).toBeUndefined();
    expect(deleteInit?.headers).not.toHaveProperty('content-type');
  });

  it('reads an empty successful body as an empty object', async () => {
    const { api } = client([new Response('', { status: 200 })]);
    expect(await api.post('/api/PersonalInfo/EndOtherSessions')).toEqual({});
  });

  it('sends the person to sign in without a token, without calling the API', async () => {
    const { api, config, fetchStub } = client([], { getAccessToken: async () => null });
    await expect(api.get('/api/PersonalInfo/UserVo')).rejects.toMatchObject({ status: 401 });
    expect(config.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('sends the person to sign in on 401, quietly', async () => {
    const { api, config } = client([json(401, problem(401, '请先登录'))]);
    await expect(api.get('/api/PersonalInfo/GetPersonalInfo')).rejects.toBeInstanceOf(ApiError);
    expect(config.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('treats a 401 of a public call as an ordinary error and sends no token', async () => {
    const { api, config, fetchStub } = client([json(401, problem(401, 'nope'))]);
    await expect(api.post('/Auth/PostLogin', {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });
    expect(config.onUnauthorized).not.toHaveBeenCalled();
    expect(fetchStub.mock.calls[0]?.[1]?.headers).not.toHaveProperty('authorization');
    expect(config.showErrors).toHaveBeenCalledWith(['nope']);
  });

  it('shows the errors of a failed call and hands the field errors to the form', async () => {
    const body = problem(400, '当前密码错误', { currentPassword: ['当前密码错误'] });
    const { api, config } = client([json(400, body), json(400, body)]);
    const error = await api.post('/Auth/PostChangePassword', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ currentPassword: ['当前密码错误'] });
    expect(config.showErrors).toHaveBeenCalledWith(['当前密码错误']);

    vi.mocked(config.showErrors).mockClear();
    await expect(
      api.post('/Auth/PostChangePassword', {}, { formFields: ['currentPassword'] }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('shows nothing for a quiet call, but still describes the error', async () => {
    const { api, config } = client([json(403, problem(403, '邮箱尚未确认', { email: ['邮箱尚未确认'] }))]);
    const error = (await api
      .post('/Auth/PostLogin', {}, { anonymous: true, quiet: true })
      .catch((caught) => caught)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.messages).toEqual(['Permission Denied: 邮箱尚未确认']);
    expect(config.showErrors).not.toHaveBeenCalled();
  });

  it('says so when the server cannot be reached or answers something unreadable', async () => {
    const unreachable = client([]);
    await expect(unreachable.api.get('/api/x')).rejects.toMatchObject({ status: 0 });
    expect(unreachable.config.showErrors).toHaveBeenCalledWith(['network down']);

    const garbled = client([new Response('<html>', { status: 200 }), json(200, { pic: 3 })]);
    await expect(garbled.api.get('/api/x')).rejects.toMatchObject({ status: 0 });
    await expect(garbled.api.get('/api/x', { schema: z.object({ pic: z.string() }) })).rejects.toMatchObject({
      messages: ['unreadable'],
    });
    expect(garbled.config.showErrors).toHaveBeenCalledTimes(2);
  });

  it('uploads a file as multipart', async () => {
    const { api, fetchStub } = client([json(200, { pic: '/uploads/avatars/a.webp' })]);
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    await api.upload('/api/PersonalInfo/UploadAvatar', file);
    const init = fetchStub.mock.calls[0]?.[1] ?? {};
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1' });
  });
});
