import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * An operator's import file checked against its contract schema. A bad file is refused whole, and
 * every bad field is named by its path ('vendors[3].games[12].minBet: ...'), at most ten in the
 * message and all of them in `fields`.
 */
export const parseImportFile = <T extends z.ZodType>(
  schema: T,
  json: unknown,
  source: string,
): z.infer<T> => {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.reduce<string>(
      (text, part) =>
        typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
      '',
    );
    (fields[path || '(file)'] ??= []).push(issue.message);
  }
  const listed = Object.entries(fields)
    .slice(0, 10)
    .map(([path, reasons]) => `${path}: ${reasons.join('; ')}`);
  throw new AppError('VALIDATION_FAILED', `Invalid ${source}: ${listed.join(', ')}`, { fields });
};
