import { z } from 'zod';

/** Trimmed optional text where empty (or only spaces) means "none", stored as null (admin spec §5). */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
