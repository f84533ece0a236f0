// The academy module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  AcademyRefusedError,
  certificateById,
  completeLesson,
  enroll,
  lessonRefusalFor,
  reviewCourse,
  submitQuiz,
  type QuizResult,
} from "./academy.server";
export {
  CATEGORY_PAGE_SIZE,
  FOOTER_CATEGORIES,
  academyLanding,
  activeCategories,
  categoryPage,
  continueLearning,
  coursePage,
  lessonPage,
  type CourseCard,
} from "./queries.server";
export { insertCourse, seedAcademy } from "./seed.server";
export { SEED_COURSES, type SeedCourse } from "./seed-content";
export { refusalAnswer } from "./access.server";
export { certificatePdf, certificatePdfIn } from "./certificate-pdf.server";
export {
  adminCategories,
  adminCourse,
  adminCourses,
  createCourse,
  setCourseStatus,
  updateCourse,
  uploadedCourseCover,
} from "./admin.server";
export {
  adminCourseLessons,
  createQuiz,
  deleteQuestion,
  deleteQuiz,
  moveQuestion,
  quizEditorPage,
  saveQuestion,
  updateQuiz,
} from "./admin-quiz.server";
export {
  adminCategoryList,
  createCategory,
  deleteCategory,
  moveCategory,
  updateCategory,
} from "./admin-categories.server";
export {
  createLesson,
  createModule,
  deleteLesson,
  deleteModule,
  lessonEditorPage,
  moveLesson,
  moveLessonToModule,
  moveModule,
  outlinePage,
  renameModule,
  updateLesson,
} from "./admin-outline.server";
export {
  addLessonFile,
  lessonMediaPage,
  moveLessonFile,
  removeLessonFile,
  removeLessonVideo,
  renameLessonFile,
  setLessonVideo,
  type LessonMediaFile,
} from "./lesson-media.server";
