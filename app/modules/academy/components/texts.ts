import type { CourseLevel } from "../policy";

/** The translation key of a course level's name. */
export function levelKey(level: CourseLevel) {
  return `academy.levels.${level}` as const;
}
