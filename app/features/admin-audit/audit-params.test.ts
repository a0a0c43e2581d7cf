import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#shared/audit.ts';
import { auditAdmin as en } from '../../locales/en/audit-admin.ts';
import { auditAdmin as zh } from '../../locales/zh/audit-admin.ts';
import { auditQueryOf, readAuditParams, writeAuditParams } from './audit-params.ts';

describe('the audit view in the address', () => {
  it('reads what it wrote, leaving the defaults out', () => {
    const params = readAuditParams(
      new URLSearchParams(
        'actor=a@b.c&action=login&targetType=user&targetId=7&from=2025-03-01&to=2025-03-02&current=3&pageSize=100',
      ),
    );
    expect(params).toEqual({
      current: 3,
      pageSize: 100,
      actor: 'a@b.c',
      action: 'login',
      targetType: 'user',
      targetId: '7',
      from: '2025-03-01',
      to: '2025-03-02',
    });
    expect(readAuditParams(writeAuditParams(params))).toEqual(params);
    expect(writeAuditParams(readAuditParams(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores what it cannot use', () => {
    expect(
      readAuditParams(new URLSearchParams('current=-1&pageSize=999&from=yesterday&to=2025-13-45&targetId=7')),
    ).toEqual({
      current: 1,
      pageSize: 50,
      actor: '',
      action: null,
      targetType: null,
      targetId: '',
      from: null,
      to: null,
    });
  });

  it('asks the API for the local days as instants, the last day included', () => {
    const query = auditQueryOf(readAuditParams(new URLSearchParams('from=2025-03-01&to=2025-03-01')));
    expect(query.from).toBe(dayjs('2025-03-01T00:00:00').format());
    expect(query.to).toBe(dayjs('2025-03-02T00:00:00').format());
  });
});

describe('the labels of the audit screen', () => {
  it('name every action and target type the server records, in both languages', () => {
    for (const texts of [zh, en]) {
      for (const action of AUDIT_ACTIONS)
        expect(texts.actions[action.replaceAll('.', '_') as keyof typeof texts.actions], action).toMatch(
          /\S/,
        );
      for (const type of AUDIT_TARGET_TYPES) expect(texts.targetTypes[type], type).toMatch(/\S/);
    }
  });
});
