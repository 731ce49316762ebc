import { z } from 'zod';
import '#shared/zod-messages.js';
import { CREATABLE_ROLES, EDITABLE_ROLES, STAFF_ROLES } from '#shared/permissions.js';
import { ZEmail, ZFullName, ZPassword } from './account.js';

/** Admin Management texts (docs/product.md §2, §5 and §8; the quoted ones are the product's). */
export const STAFF_MSG = {
  created: 'Admin created successfully!',
  roleUpdated: 'Admin role updated!',
  deleted: 'Admin deleted.',
  genericError: 'An error occurred.',
  cannotDeleteSuperAdmin: 'Cannot delete the Super Admin.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotChangeSuperAdmin: "The Super Admin's role cannot be changed.",
  cannotChangeOwnRole: 'You cannot change your own role.',
  emailTaken: 'An account with this email already exists.',
  adminNotFound: 'Admin not found.',
  roleInvalid: 'Choose a role: manager, support, compliance or super admin.',
  superAdminCodeRequired: 'Enter the 6-digit code from your authenticator app to invite another Super Admin.',
  invitationNote: 'The new admin will be sent an email with a link to set a password. The link is valid for 24 hours.',
  invitationResent: 'Invitation sent again.',
  alreadyActive: 'This admin has already set a password.',
  invitationInvalid: 'This link is invalid, has expired or has already been used. Ask the Super Admin for a new invitation.',
  /** The link of an invitation that set a password already (issue 16): said when the page opens, instead of the form. */
  invitationUsed: 'This invitation has already been used. Sign in, or ask a super admin for a new invitation.',
  passwordSet: 'Your password has been set. You can now log in.',
  cannotResetOwnTwoFactor: 'You cannot reset your own two-factor authentication.',
} as const;

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 24;

export const ZCreatableRole = z.enum(CREATABLE_ROLES, { error: STAFF_MSG.roleInvalid });

export const ZEditableRole = z.enum(EDITABLE_ROLES, { error: STAFF_MSG.roleInvalid });
/** `code`: the inviter's second factor, required to invite another Super Admin (docs/decisions/030). */
export const ZCreateStaffRequest = z
  .object({ fullName: ZFullName, email: ZEmail, role: ZCreatableRole, code: z.string().trim().max(40).optional() })
  .strict();
/** On edit only the role can change (docs/product.md §5: name and email are locked). */
export const ZUpdateStaffRoleRequest = z.object({ role: ZEditableRole }).strict();

export const ZStaffMember = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** 'invited' until the invitation link has been used to set a password. */
  status: z.enum(['active', 'invited']),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export const ZStaffList = z.object({ admins: z.array(ZStaffMember) });
export const ZStaffResponse = z.object({ admin: ZStaffMember });
export const ZStaffIdParams = z.object({ id: z.string().min(1).max(64) }).strict();

const ZInvitationToken = z.string().min(1).max(512);
export const ZSetPasswordRequest = z.object({ token: ZInvitationToken, password: ZPassword }).strict();
/**
 * Whether an invitation link can still set a password, asked when its page opens (POST, so the
 * token stays out of URLs and request logs): 200 when it can, 409 INVITATION_ALREADY_ACCEPTED
 * when it was used, 400 INVALID_TOKEN when it is unknown, expired or replaced.
 */
export const ZInvitationCheckRequest = z.object({ token: ZInvitationToken }).strict();

export type TStaffMember = z.infer<typeof ZStaffMember>;
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequest>;
