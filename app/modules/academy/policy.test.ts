import { describe, expect, it } from "vitest";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import {
  answeredRight,
  averageRating,
  canManageAcademy,
  canReviewCourse,
  canSeeCourse,
  enrollRefusal,
  lessonRefusal,
  quizScore,
  type CourseRules,
} from "./policy";

const EVERYONE = Object.keys(actors) as ActorName[];
const table = (check: (name: ActorName) => unknown) =>
  Object.fromEntries(EVERYONE.map((name) => [name, check(name)]));

const freeCourse: CourseRules = { status: "published", isPremium: false };
const premiumCourse: CourseRules = { status: "published", isPremium: true };
const draft: CourseRules = { status: "draft", isPremium: false };
const enrolled = { enrolled: true, previousDone: true, requiresPrevious: false };

describe("academy policy for every actor", () => {
  it("published courses are seen by everyone, drafts by admins only", () => {
    expect(table((n) => canSeeCourse(actors[n], freeCourse))).toEqual(table(() => true));
    expect(table((n) => canSeeCourse(actors[n], draft))).toEqual({
      guest: false,
      member: false,
      premium: false,
      lifetime: false,
      author: false,
      admin: true,
      superAdmin: true,
    });
  });

  it("free courses: every member enrolls; premium courses: premium members and admins", () => {
    expect(table((n) => enrollRefusal(actors[n], freeCourse))).toEqual({
      ...table(() => null),
      guest: "signIn",
    });
    expect(table((n) => enrollRefusal(actors[n], premiumCourse))).toEqual({
      guest: "signIn",
      member: "premium",
      premium: null,
      lifetime: null,
      author: "premium",
      admin: null,
      superAdmin: null,
    });
    expect(table((n) => enrollRefusal(actors[n], draft))).toEqual({
      ...table(() => "notFound"),
      admin: null,
      superAdmin: null,
    });
  });

  it("lessons: enrolled and allowed; prerequisites hold for members, admins preview everything", () => {
    expect(table((n) => lessonRefusal(actors[n], premiumCourse, enrolled))).toEqual({
      guest: "signIn",
      member: "premium",
      premium: null,
      lifetime: null,
      author: "premium",
      admin: null,
      superAdmin: null,
    });
    const locked = { enrolled: true, previousDone: false, requiresPrevious: true };
    expect(lessonRefusal(actors.premium, freeCourse, locked)).toBe("locked");
    expect(lessonRefusal(actors.admin, freeCourse, locked)).toBeNull();
    expect(lessonRefusal(actors.member, freeCourse, { ...enrolled, enrolled: false })).toBe(
      "enroll",
    );
    expect(lessonRefusal(actors.admin, draft, { ...enrolled, enrolled: false })).toBeNull();
  });

  it("reviews need an enrollment; only admins manage the academy", () => {
    expect(canReviewCourse(actors.member, freeCourse, true)).toBe(true);
    expect(canReviewCourse(actors.member, freeCourse, false)).toBe(false);
    expect(canReviewCourse(actors.guest, freeCourse, true)).toBe(false);
    expect(table((n) => canManageAcademy(actors[n]))).toEqual({
      ...table(() => false),
      admin: true,
      superAdmin: true,
    });
  });
});

describe("scoring", () => {
  it("a question is right only with exactly the correct set", () => {
    expect(answeredRight(["a", "b"], ["b", "a"])).toBe(true);
    expect(answeredRight(["a"], ["a", "b"])).toBe(false);
    expect(answeredRight(["a", "b", "c"], ["a", "b"])).toBe(false);
    expect(answeredRight(["a", "a"], ["a"])).toBe(true);
    expect(answeredRight([], [])).toBe(true);
  });
  it("scores round down and pass at the mark", () => {
    expect(quizScore(2, 3, 70)).toEqual({ score: 66, passed: false });
    expect(quizScore(7, 10, 70)).toEqual({ score: 70, passed: true });
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(0, 0)).toBeNull();
  });
});
