import { eq } from "drizzle-orm";
import { data } from "react-router";
import { db } from "#app/db/client.server";
import { getViewer, type AccessDenied } from "#app/modules/auth/index.server";
import { siteSettings } from "#app/modules/settings/schema";
import {
  MEMBERS_ONLY_SETTING,
  membersOnlyFrom,
  readingAccess,
  type MembersOnlyScreen,
  type ReadingAccess,
} from "./policy";

/** Whether an admin made reading members-only (one primary-key read; off when never set). */
export async function membersOnlyReading(): Promise<boolean> {
  const [row] = await db()
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, MEMBERS_ONLY_SETTING))
    .limit(1);
  return membersOnlyFrom(row?.value);
}

const accessCache = new WeakMap<Request, Promise<ReadingAccess>>();

/** What the asker may read (reading/policy.ts), memoised per request like the viewer. */
export function getReadingAccess(request: Request): Promise<ReadingAccess> {
  let pending = accessCache.get(request);
  if (!pending) {
    pending = Promise.all([membersOnlyReading(), getViewer(request)]).then(
      ([membersOnly, viewer]) => readingAccess({ membersOnly, signedIn: viewer !== null }),
    );
    accessCache.set(request, pending);
  }
  return pending;
}

/**
 * For loaders of screens a guest may not read while reading is members-only: a 401 that the
 * error boundary renders as the sign-up screen. `title` (a discussion's title, which guests may
 * see) is looked up only when the screen is refused.
 */
export async function requireReader(
  request: Request,
  screen: MembersOnlyScreen,
  title?: () => Promise<string | undefined>,
): Promise<void> {
  if ((await getReadingAccess(request)) === "full") return;
  throw data(
    { kind: "membersOnly", screen, title: (await title?.()) ?? null } satisfies AccessDenied,
    { status: 401 },
  );
}
