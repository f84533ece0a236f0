import { actionError } from "#app/lib/form";
import type { AcademyRefusedError } from "./academy.server";

const STATUS: Record<AcademyRefusedError["reason"], number> = {
  notFound: 404,
  signIn: 403,
  premium: 403,
  enroll: 403,
  locked: 403,
  quizLesson: 409,
  review: 403,
  category: 400,
};

/** An action's answer to a refused learning command: its translated reason and status. */
export function refusalAnswer(error: AcademyRefusedError) {
  return actionError({ formError: `academy.refusals.${error.reason}` }, STATUS[error.reason]);
}
