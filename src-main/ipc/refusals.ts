import { AppError } from '../../src-shared/errors';
import { ApiError } from '../api/errors';

/**
 * A draft that breaks one of the shared store rules (the screen checks the same rules, so this is a
 * screen out of step or a hostile caller): its first broken rule, refused as a bad input of that field.
 */
export function refuseBrokenRule(what: string, problems: Readonly<Record<string, string | undefined>>): never {
  const [field, problem] = Object.entries(problems)[0] ?? ['draft', 'invalid'];
  throw new AppError('bad-input', `${what} ${field}: ${problem}`, { field });
}

/**
 * The platform's own words travel to the screen: a 400 or 409 of the merchant module carries a
 * message (e.g. which pause overlaps) that an integrator needs; the clerk's sentence comes from the
 * error's kind. Other failures pass through unchanged.
 */
export async function platformWords<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.body?.message && (error.code === 'validation' || error.code === 'conflict')) {
      throw new ApiError(error.code, error.body.message, {
        route: error.route,
        ...(error.status === undefined ? {} : { status: error.status }),
        body: error.body,
        cause: error,
      });
    }
    throw error;
  }
}
