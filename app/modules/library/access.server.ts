import { actionError } from "#app/lib/form";
import type { LibraryRefusedError } from "./reading.server";

const STATUS: Record<LibraryRefusedError["reason"], number> = {
  notFound: 404,
  signIn: 403,
  premium: 403,
  chapter: 400,
  notesFull: 409,
  category: 400,
  slug: 409,
  published: 409,
  categoryHasPage: 409,
  notPractice: 400,
};

/** An action's answer to a refused command: its translated reason and status, the input kept. */
export function libraryRefusal(error: LibraryRefusedError, values: Record<string, string> = {}) {
  return actionError(
    { formError: `library.refusals.${error.reason}`, values },
    STATUS[error.reason],
  );
}
