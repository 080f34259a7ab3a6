import { z } from 'zod';

/** The error half of the response envelope (ARCHITECTURE.md, wire format). */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  /** Field path (dotted) to the reasons that field was refused. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** Extra facts a client may show, such as the limit that was exceeded. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: apiError,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** `{ success: true, value }` around a value schema. */
export const okEnvelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.literal(true),
    value,
  });

export type OkEnvelope<T> = { success: true; value: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;
