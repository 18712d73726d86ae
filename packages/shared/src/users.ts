import { z } from 'zod';

/** GET /iamserver/api/v1/users/count: the company's users by status (the dashboard's summary). */
export const ZUserCounts = z.object({
  total: z.number().int(),
  active: z.number().int(),
  invited: z.number().int(),
  suspended: z.number().int(),
});
export type TUserCounts = z.infer<typeof ZUserCounts>;
