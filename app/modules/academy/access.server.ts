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
  quizExists: 409,
  quizAttempted: 409,
  questionsFull: 409,
  slugTaken: 409,
  categoriesFull: 409,
  modulesFull: 409,
  lessonsFull: 409,
  moduleChanged: 409,
  lessonTaken: 409,
  filesFull: 409,
};

/** An action's answer to a refused command: its translated reason and status, the input kept. */
export function refusalAnswer(error: AcademyRefusedError, values: Record<string, string> = {}) {
  return actionError(
    { formError: `academy.refusals.${error.reason}`, values },
    STATUS[error.reason],
  );
}
