import { COVEN_LIMITS } from "#app/modules/covens/validation";
import { COURSE_LIMITS, OUTLINE_LIMITS } from "#app/modules/academy/admin-validation";
import { QUIZ_LIMITS } from "#app/modules/academy/quiz-validation";
import { EVENT_LIMITS } from "#app/modules/coven-events/validation";
import { COMMENT_MAX, POST_BODY_MAX, POST_TITLE_MAX } from "#app/modules/discussions";
import { LANDING_LIMITS, PAGE_BODY_MAX } from "#app/modules/pages";
import { AVATAR_MAX_BYTES } from "#app/modules/profiles";
import { IMAGE_MAX_BYTES } from "#app/modules/settings/validation";
import { pageAddress } from "#app/lib/page-address";
import { uploadMaxBytes } from "#app/modules/media/index.server";
import { IMPORT_MAX_BYTES } from "#app/modules/member-import/validation";

/**
 * How large a request body each route accepts (docs/decisions/015-request-body-limits.md).
 * Every form and JSON body without a rule below fits in SMALL_BODY, far more than any of their
 * fields allow. The routes that take long Markdown or files get what their validation allows at
 * most, and only from a signed-in member (or admin) whose session was checked: a guest's body is
 * never larger than SMALL_BODY, whatever the route.
 */
export const SMALL_BODY = 64 * 1024;

/** The most bytes one character of a text field takes in a URL-encoded form: 3 UTF-8 bytes, each written %XX. */
const BYTES_PER_CHARACTER = 9;
/** A form whose text fields hold up to `characters` characters, plus room for its other fields. */
const textForm = (characters: number) => characters * BYTES_PER_CHARACTER + SMALL_BODY;

export type BodySender = "anyone" | "member" | "admin";
export interface BodyRule {
  /** The page address (without React Router's `.data`), as the route table spells it. */
  path: RegExp;
  limit: number;
  from: BodySender;
  /**
   * The handler reads the body as a stream and counts it itself (the resumable uploads: tus
   * stops at the upload's declared length): a body without Content-Length is passed on unread
   * rather than held in memory. A declared length is still checked against `limit`.
   */
  streamed?: boolean;
}

/** The most characters the landing kind's editor sends (its title, hero, sections and buttons). */
const LANDING_FORM =
  120 +
  LANDING_LIMITS.subtitle +
  LANDING_LIMITS.sections * (LANDING_LIMITS.heading + LANDING_LIMITS.body) +
  LANDING_LIMITS.ctas * (LANDING_LIMITS.label + LANDING_LIMITS.path);

export const BODY_RULES: BodyRule[] = [
  { path: /^\/discussions\/new$/, limit: textForm(POST_TITLE_MAX + POST_BODY_MAX), from: "member" },
  {
    path: /^\/discussions\/[^/]+\/edit$/,
    limit: textForm(POST_TITLE_MAX + POST_BODY_MAX),
    from: "member",
  },
  // A thread's actions: a comment is the longest field.
  { path: /^\/discussions\/[^/]+$/, limit: textForm(COMMENT_MAX), from: "member" },
  // An informational page's Markdown, or a landing page's fields, whichever is longer.
  {
    path: /^\/admin\/pages\/[^/]+$/,
    limit: textForm(Math.max(PAGE_BODY_MAX, LANDING_FORM)),
    from: "admin",
  },
  // An academy course's form: the description is the longest field, and a cover image.
  {
    path: /^\/admin\/academy\/courses\/[^/]+$/,
    limit:
      COURSE_LIMITS.coverBytes +
      textForm(COURSE_LIMITS.titleMax + COURSE_LIMITS.summaryMax + COURSE_LIMITS.descriptionMax),
    from: "admin",
  },
  // A quiz question with all its option rows (the longest of the quiz editor's forms).
  {
    path: /^\/admin\/academy\/courses\/[^/]+\/lessons\/[^/]+\/quiz$/,
    limit: textForm(
      QUIZ_LIMITS.promptMax +
        QUIZ_LIMITS.explanationMax +
        (QUIZ_LIMITS.optionsMax + 2) * QUIZ_LIMITS.optionLabelMax,
    ),
    from: "admin",
  },
  // A lesson's form: its Markdown text is the longest field.
  {
    path: /^\/admin\/academy\/courses\/[^/]+\/lessons\/[^/]+$/,
    limit: textForm(
      OUTLINE_LIMITS.lessonTitleMax + OUTLINE_LIMITS.slugMax + OUTLINE_LIMITS.lessonBodyMax,
    ),
    from: "admin",
  },
  // A member import's CSV file (checked again by the action) and its mapping fields.
  { path: /^\/admin\/import$/, limit: IMPORT_MAX_BYTES + SMALL_BODY, from: "admin" },
  // Uploads: the file's own limit (checked again by storeImage) and the form around it.
  { path: /^\/settings$/, limit: AVATAR_MAX_BYTES + SMALL_BODY, from: "member" },
  { path: /^\/admin\/settings$/, limit: 3 * IMAGE_MAX_BYTES + SMALL_BODY, from: "admin" },
  // A coven's create and settings forms: the description and a banner image.
  {
    path: /^\/covens\/(create|[^/]+)$/,
    limit: COVEN_LIMITS.bannerBytes + textForm(COVEN_LIMITS.descriptionMax + COVEN_LIMITS.nameMax),
    from: "member",
  },
  // The event form: the description, the other text fields and a cover image.
  {
    path: /^\/covens\/events\/(new|[^/]+\/edit)$/,
    limit:
      EVENT_LIMITS.coverBytes +
      textForm(
        EVENT_LIMITS.title + EVENT_LIMITS.description + EVENT_LIMITS.place + EVENT_LIMITS.url,
      ),
    from: "member",
  },
  // Resumable uploads (tus PATCH): one request may carry the whole file, up to UPLOAD_MAX_BYTES.
  {
    path: /^\/api\/uploads\/[^/]+$/,
    get limit() {
      return uploadMaxBytes();
    },
    from: "member",
    streamed: true,
  },
  // Stripe's events are small JSON documents, but their size is not documented.
  { path: /^\/api\/payments\/stripe\/webhook$/, limit: 1024 * 1024, from: "anyone" },
];

/** The rule for a request to `url`, or the small default. */
export function bodyRuleFor(url: string): Omit<BodyRule, "path"> {
  const pathname = pageAddress(url).pathname.replace(/(.)\/+$/, "$1");
  const rule = BODY_RULES.find((candidate) => candidate.path.test(pathname));
  return rule
    ? { limit: rule.limit, from: rule.from, streamed: rule.streamed ?? false }
    : { limit: SMALL_BODY, from: "anyone" };
}
