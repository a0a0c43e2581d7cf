import { describe, expect, it } from 'vitest';
import { drawerWidth, isHorizontalMenu, labelsBesideFields } from './constants.ts';
import { isAdminRole, isBuiltInRole } from './roles.ts';

describe('layout rules', () => {
  it('makes the menu horizontal only above 1560 px', () => {
    expect(isHorizontalMenu(1561)).toBe(true);
    expect(isHorizontalMenu(1560)).toBe(false);
    expect(isHorizontalMenu(1280)).toBe(false);
  });

  it('puts form labels beside their fields from 750 px, above them below', () => {
    expect(labelsBesideFields(750)).toBe(true);
    expect(labelsBesideFields(749)).toBe(false);
    expect(labelsBesideFields(390)).toBe(false);
  });

  it('uses a 980 px drawer on screens over 1200 px, else the full width', () => {
    expect(drawerWidth(1201)).toBe(980);
    expect(drawerWidth(1200)).toBe(1200);
    expect(drawerWidth(390)).toBe(390);
  });
});

describe('roles', () => {
  it('recognises the built-in roles and the Admin tag in any case', () => {
    expect(isBuiltInRole('PremiumUser')).toBe(true);
    expect(isBuiltInRole('VIP')).toBe(false);
    expect(isAdminRole('ADMIN')).toBe(true);
    expect(isAdminRole('StandardUser')).toBe(false);
  });
});
