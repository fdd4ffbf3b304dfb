import { z } from 'zod';

/** One invoke channel: what the renderer sends and what it gets back. */
export function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

/** A channel that takes nothing. */
export const noInput = z.object({}).strict();
