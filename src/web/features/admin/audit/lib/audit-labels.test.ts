import { describe, expect, it } from 'vitest';
import { actorLabel, signInOutcomeLabel, targetLabel } from './audit-labels';

describe('audit entry labels', () => {
  it('names the actor, falling back to the recorded email, then to the system', () => {
    expect(actorLabel({ actorName: 'Efua Mensah', actorEmail: 'efua@example.com' })).toBe('Efua Mensah');
    expect(actorLabel({ actorName: null, actorEmail: 'gone@example.com' })).toBe('gone@example.com');
    expect(actorLabel({ actorName: null, actorEmail: null })).toBe('System');
  });

  it('names the target, and shows its id only when nothing names it', () => {
    expect(targetLabel({ targetName: '#12 · Kofi Boateng', targetId: '12' })).toBe('#12 · Kofi Boateng');
    expect(targetLabel({ targetName: null, targetId: 'abc123' })).toBe('#abc123');
    expect(targetLabel({ targetName: null, targetId: null })).toBe('—');
  });

  it('says how a staff sign-in ended, and nothing for other entries', () => {
    expect(signInOutcomeLabel({ action: 'staff.sign_in_failed', after: { outcome: 'wrong_code' } })).toBe('Wrong two-factor code');
    expect(signInOutcomeLabel({ action: 'staff.sign_in', after: { outcome: 'success' } })).toBe('Signed in');
    expect(signInOutcomeLabel({ action: 'staff.sign_in_failed', after: { outcome: 'made-up' } })).toBeNull();
    expect(signInOutcomeLabel({ action: 'settings.update', after: { outcome: 'success' } })).toBeNull();
  });
});
