import { AppError } from '../../../src-shared/errors';

/**
 * A draft that breaks one of the shared store rules (the screen checks the same rules, so this is a
 * screen out of step or a hostile caller): its first broken rule, refused as a bad input of that field.
 */
export function refuseBrokenRule(what: string, problems: Readonly<Record<string, string | undefined>>): never {
  const [field, problem] = Object.entries(problems)[0] ?? ['draft', 'invalid'];
  throw new AppError('bad-input', `${what} ${field}: ${problem}`, { field });
}
