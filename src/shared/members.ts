import { z } from 'zod';
import { MEMBER_ROLES } from './roles';

/** One person on the store's team, as GET /api/admin/members lists them. */
export const teamMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/admin/members */
export const teamMemberListResponse = z.object({ members: z.array(teamMemberSchema) });
/** GET /api/admin/members/:userId */
export const teamMemberResponse = z.object({ member: teamMemberSchema });
