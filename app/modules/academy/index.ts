// What code outside the academy module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  COURSE_LEVELS,
  averageRating,
  canEnroll,
  canManageAcademy,
  canSeeCourse,
  enrollRefusal,
  lessonRefusal,
  quizScore,
  type AcademyActor,
  type CourseLevel,
  type CourseStatus,
  type LessonRefusal,
  type QuestionKind,
} from "./policy";
export { PREVIEW_QUERY, previewPath, previewRequested } from "./preview";
