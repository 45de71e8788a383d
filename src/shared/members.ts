import { z } from 'zod';
import { MEMBER_ROLES, PERMISSIONS, withImplied } from './roles';

/** One person on the store's team, as GET /api/admin/members lists them. */
export const teamMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** What a staff member may do; owners and admins may do everything whatever it holds. */
  permissions: z.array(z.enum(PERMISSIONS)),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/admin/members */
export const teamMemberListResponse = z.object({ members: z.array(teamMemberSchema) });
/** GET /api/admin/members/:userId */
export const teamMemberResponse = z.object({ member: teamMemberSchema });

export const MEMBERS_TEXT = {
  permissionsSaved: 'Permissions saved',
  notStaff: 'Owners and admins can do everything: only staff members have permissions to choose.',
  memberNotFound: 'Member not found',
} as const;

/** PUT /api/admin/members/:userId/permissions: a staff member's whole list (what it implies is added). */
export const memberPermissionsBody = z.strictObject({
  permissions: z
    .array(z.enum(PERMISSIONS, { error: 'Choose from the listed permissions' }), { error: 'Choose the permissions' })
    .max(PERMISSIONS.length, 'Choose from the listed permissions')
    .transform((list) => withImplied(list)),
});
export type MemberPermissionsBody = z.input<typeof memberPermissionsBody>;
