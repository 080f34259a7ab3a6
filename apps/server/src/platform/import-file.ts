import fs from 'node:fs';
import path from 'node:path';
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

/** An operator's import file as text, refused with its reason when it cannot be read. */
export const readImportFile = (file: string): string => {
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new AppError('BAD_REQUEST', `Cannot read ${file}: ${(error as Error).message}`);
  }
};

/** An import file's JSON, refused with the parser's reason when it is not JSON. */
export const parseImportJson = (text: string, file: string): unknown => {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('BAD_REQUEST', `${file} is not valid JSON: ${(error as Error).message}`);
  }
};

/**
 * An operator's JSON file given on the CLI: refused as BAD_REQUEST naming the file, with the reason
 * it cannot be read (missing, a folder…) or is not JSON. The caller checks it against its schema.
 */
export const readImportJson = (file: string): unknown => parseImportJson(readImportFile(file), file);
