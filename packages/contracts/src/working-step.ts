import { z } from 'zod';

/**
 * One step of arithmetic shown to a manager: what is worked out, how, and what it comes to (`Area searched`,
 * `40 plots × 10 m²`, `400 m²`). A dung count's density and a suggested cull answer their working as these.
 */
export const WorkingStep = z.object({
  label: z.string(),
  formula: z.string(),
  result: z.string(),
});
export type WorkingStep = z.infer<typeof WorkingStep>;
