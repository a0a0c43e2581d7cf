import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../../lib/i18n.ts';
import { adminRoleId, deleteBlocker, roleLabel, roleLookup, tagColor, tagLabel } from './role-tags.ts';

const ROLES = [
  { roleId: 1, roleName: 'StandardUser' },
  { roleId: 2, roleName: 'PremiumUser' },
  { roleId: 3, roleName: 'Admin' },
  { roleId: 7, roleName: 'VIP Asia' },
];

describe('role tags', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });
  const t = () => i18n.getFixedT(null, 'adminUsers');

  it('finds the Admin tag', () => {
    expect(adminRoleId(ROLES)).toBe(3);
    expect(adminRoleId(ROLES.filter((role) => role.roleName !== 'Admin'))).toBeUndefined();
    expect(adminRoleId(undefined)).toBeUndefined();
  });

  it('names tags by role, translating built-in ones, and shows Unknown for a missing id', async () => {
    const lookup = roleLookup(ROLES);
    expect(tagLabel(t(), lookup, 1)).toBe('标准会员');
    expect(tagLabel(t(), lookup, 7)).toBe('VIP Asia');
    expect(tagLabel(t(), lookup, 99)).toBe('Unknown');
    await changeLocale('en');
    expect(tagLabel(t(), lookup, 99)).toBe('Unknown');
    expect(roleLabel(t(), 'Admin')).toBe('Administrator');
  });

  it('gives each tag a steady colour', () => {
    expect(tagColor('Admin', 3)).toBe('red');
    expect(tagColor(undefined, 99)).toBe('default');
    expect(tagColor('VIP Asia', 7)).toBe(tagColor('VIP Asia', 7));
    expect(tagColor('VIP Asia', 7)).not.toBe(tagColor('Other', 8));
  });

  it('refuses to delete the Admin tag and built-in tags only', () => {
    expect(deleteBlocker({ roleName: 'Admin' })).toBe('admin');
    expect(deleteBlocker({ roleName: 'StandardUser' })).toBeNull();
    expect(deleteBlocker({ roleName: 'PremiumUser' })).toBeNull();
    expect(deleteBlocker({ roleName: 'VIP Asia' })).toBeNull();
  });
});
