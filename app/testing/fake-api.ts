import { vi } from 'vitest';
import type { EndpointKey } from '#shared/api-contract.ts';
import type { PersonalInfo, SessionInfo } from '#shared/schemas/personal.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | unknown | Promise<Response | unknown>;

/** A contract key with its `:name` parameters as any text: 'GET /Articles/GetArticle/7' for '…/:id'. */
type Concrete<K extends string> = K extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Concrete<Tail>}`
  : K extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : K;

/** Handlers for calls of the API contract only: a stubbed path the API does not have does not compile. */
export type ApiHandlers = { [K in Concrete<EndpointKey>]?: Handler };

/** A JSON answer with a status (problem details for errors). */
export function jsonResponse(status: number, body: unknown, contentType = 'application/json'): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType },
  });
}

export function problem(status: number, detail: string, errors: Record<string, string[]> = {}): Response {
  return jsonResponse(
    status,
    { type: 'about:blank', title: 'Error', status, detail, instance: '/', errors, requestId: 'test' },
    'application/problem+json; charset=utf-8',
  );
}

/**
 * Replaces fetch with handlers keyed by "METHOD /path" (query ignored). A handler returns a Response, or a
 * value sent as JSON with status 200. Unknown calls answer 404 and are listed in `unhandled`.
 */
export function stubApi(handlers: ApiHandlers) {
  const requests: RecordedRequest[] = [];
  const unhandled: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const request: RecordedRequest = { method, path: url.pathname, headers, body };
    requests.push(request);
    const handler = (handlers as Record<string, Handler | undefined>)[`${method} ${url.pathname}`];
    if (!handler) {
      unhandled.push(`${method} ${url.pathname}`);
      return problem(404, 'not stubbed');
    }
    const answer = await handler(request);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, unhandled, fetch: fetchStub };
}

/** A profile as GET /api/PersonalInfo/GetPersonalInfo answers it. */
export function personalInfoOf(overrides: Partial<PersonalInfo> = {}): PersonalInfo {
  return {
    uid: '5b0c3f64-7a43-4f0e-9a55-3d2c1e1f0a11',
    email: 'member@example.com',
    userName: 'member@example.com',
    nickName: 'Lin',
    pic: '/media/default-avatar.svg',
    gender: 'female',
    phone: '+86 138 1234 5678',
    points: 1200,
    memberCredit: 300,
    roles: ['StandardUser'],
    membershipLevel: 'StandardUser',
    isMember: true,
    memberExpiryDate: '2030-06-30T00:00:00.000Z',
    memberDaysRemaining: 400,
    emailConfirmed: true,
    pendingEmail: null,
    twoFactorEnabled: false,
    createdAt: '2024-03-05T08:00:00.000Z',
    ...overrides,
  };
}

export const ADMIN_INFO = personalInfoOf({
  email: 'admin@example.com',
  userName: 'admin@example.com',
  nickName: null,
  roles: ['Admin'],
  membershipLevel: 'Admin',
  memberExpiryDate: null,
  memberDaysRemaining: null,
  twoFactorEnabled: true,
});

export const NON_MEMBER_INFO = personalInfoOf({
  nickName: null,
  roles: [],
  membershipLevel: null,
  isMember: false,
  memberExpiryDate: null,
  memberDaysRemaining: null,
});

export function sessionOf(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: 'session-1',
    current: true,
    signedInAt: '2025-01-02T03:04:05.000Z',
    expiresAt: '2025-01-16T03:04:05.000Z',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ip: '203.0.113.7',
    ...overrides,
  };
}

/** The calls every signed-in page makes: the profile and the header avatar. */
export function accountHandlers(info: PersonalInfo): ApiHandlers {
  return {
    'GET /api/PersonalInfo/GetPersonalInfo': () => info,
    'GET /api/PersonalInfo/UserVo': () => ({ pic: info.pic }),
    // The app shell asks once a visit whether there is a membership notice to show: none here.
    'GET /api/MembershipNotice/Pending': () => ({ notice: null, contact: null }),
    // The security settings' two-factor sign-in, as the profile says it is.
    'GET /api/PersonalInfo/TwoFactor': () => ({
      enabled: info.twoFactorEnabled,
      enabledAt: info.twoFactorEnabled ? '2024-03-05T08:00:00.000Z' : null,
      required: info.roles.includes('Admin'),
      pending: false,
      recoveryCodesLeft: info.twoFactorEnabled ? 10 : 0,
    }),
  };
}
