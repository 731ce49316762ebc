import { describe, expect, it } from 'vitest';
import { remainingLimitText } from './remaining-limit';

/* Order Details' "Remaining limit" for staff (docs/decisions/016): Tier 0 in USD, Tiers 1 and 2 the GHS left today and this month. */

describe('the remaining limit on Order Details', () => {
  it('says the tier and the GHS left today and this month at Tiers 1 and 2', () => {
    expect(
      remainingLimitText({
        kycStatus: 'verified',
        remainingLimitUsd: null,
        tier: 2,
        leftTodayGhs: '40000.00',
        leftThisMonthGhs: '940000.00',
      }),
    ).toBe('Tier 2: GHS 40,000.00 left today, GHS 940,000.00 left this month');
    expect(
      remainingLimitText({ kycStatus: 'verified', remainingLimitUsd: null, tier: 1, leftTodayGhs: '0.00', leftThisMonthGhs: '12.5' }),
    ).toBe('Tier 1: GHS 0.00 left today, GHS 12.50 left this month');
  });

  it('keeps the USD left at Tier 0, and never claims a limit it was not told', () => {
    expect(
      remainingLimitText({ kycStatus: 'unverified', remainingLimitUsd: '9.09', tier: 0, leftTodayGhs: null, leftThisMonthGhs: null }),
    ).toBe('$9.09');
    expect(
      remainingLimitText({ kycStatus: 'verified', remainingLimitUsd: null, tier: 1, leftTodayGhs: null, leftThisMonthGhs: null }),
    ).toBe('—');
  });
});
