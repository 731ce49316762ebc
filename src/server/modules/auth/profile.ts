import type { TProfile } from '#shared/contracts/account.js';
import { isStaffRole } from '#shared/permissions.js';
import type { TUserRow } from '#server/plugins/access.js';

export function toProfile(user: TUserRow): TProfile {
  return {
    id: user.id,
    username: user.displayUsername ?? user.username ?? '',
    fullName: user.fullName || user.name,
    email: user.email,
    phone: user.phone ?? null,
    kycStatus: user.kycStatus as TProfile['kycStatus'],
    tradingVolumeUsd: user.tradingVolumeUsd,
    isBanned: user.banned,
    role: isStaffRole(user.role) ? user.role : null,
    twoFactorEnabled: user.twoFactorEnabled,
    emailVerified: user.emailVerified,
    passwordChangeRequested: user.passwordChangeRequested,
    createdAt: user.createdAt.toISOString(),
  };
}
