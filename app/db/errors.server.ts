/**
 * Whether a database error (from either driver, possibly wrapped by Drizzle in `cause`) is a
 * unique-constraint violation, optionally of one named index: the signal that another request
 * won a race the index exists to decide.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let current = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
  }
  return false;
}
