import { describe, expect, it } from 'vitest';
import { canAccess, menuFor } from './permissions.js';

describe('role matrix', () => {
  it('matches docs/product.md §6 for a few telling cases', () => {
    expect(canAccess('support', 'chat')).toBe(true);
    expect(canAccess('support', 'users')).toBe(false);
    expect(canAccess('compliance', 'kyc')).toBe(true);
    expect(canAccess('compliance', 'orders')).toBe(false);
    // Issue 18: compliance reads orders and runs the desk; only the super admin changes its settings.
    expect(canAccess('compliance', 'orderViews')).toBe(true);
    expect(canAccess('compliance', 'compliance')).toBe(true);
    expect(canAccess('compliance', 'complianceSettings')).toBe(false);
    expect(canAccess('manager', 'compliance')).toBe(false);
    expect(canAccess('support', 'compliance')).toBe(false);
    expect(canAccess('manager', 'settings')).toBe(false);
    expect(canAccess('super_admin', 'admins')).toBe(true);
    expect(canAccess(null, 'dashboard')).toBe(false);
  });

  it('builds each role its menu', () => {
    expect(menuFor('support').map((m) => m.label)).toEqual(['Dashboard', 'Orders', 'Live Chat']);
    expect(menuFor('compliance').map((m) => m.label)).toEqual(['Dashboard', 'Users', 'Orders', 'KYC Submissions', 'Compliance']);
    expect(menuFor(null)).toEqual([]);
    // 13 until issue 18, which adds Compliance and SMS Log; 16 with Pending changes (issue 27 point 3);
    // 19 with Treasury, Settlement (issue 28 point 6) and Statements (issue 28 point 5); 21 with
    // SMS forwarders (issue 33 point 6, docs/decisions/059).
    expect(menuFor('super_admin')).toHaveLength(21);
    expect(menuFor('manager').map((m) => m.label)).toContain('SMS forwarders');
    expect(menuFor('manager').map((m) => m.label)).toContain('Pending changes');
    expect(menuFor('manager').map((m) => m.label)).toEqual(expect.arrayContaining(['Treasury', 'Settlement', 'Statements']));
    expect(canAccess('support', 'treasury')).toBe(false);
    expect(canAccess('compliance', 'settlementSignOff')).toBe(false);
  });
});
