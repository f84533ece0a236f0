import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db, type Db } from "#app/db/client.server";
import { subscribers, type Tier } from "#app/modules/memberships/schema";
import { hasPremiumAccess, membershipLapsed } from "#app/modules/memberships";
import {
  createMemberRecords,
  publicProfileColumns,
  type PublicProfile,
} from "#app/modules/profiles/index.server";
import { profiles, type Role } from "#app/modules/profiles/schema";
import type { MembersOnlyScreen } from "#app/modules/reading";
import { auth } from "./auth.server";
import { canAdminister, isAdminRole, type Actor, type Member } from "./policy";

export interface Viewer {
  user: { id: string; email: string; name: string };
  profile: PublicProfile & {
    language: string | null;
    notificationSound: boolean;
    broadcastEmails: boolean;
  };
  role: Role | null;
  tier: Tier;
  subscribed: boolean;
  isPremium: boolean;
  isAdmin: boolean;
  /** The same member as every module's policy sees them (auth/policy.ts). */
  actor: Member;
  /** This session began with signing up: the member's first visit ("Welcome", not "Welcome back"). */
  firstSession: boolean;
}

/** A session started this soon after its account was created is the one signing up opened. */
const SIGN_UP_SESSION_WINDOW_MS = 60_000;

export function isSignUpSession(accountCreatedAt: Date, sessionCreatedAt: Date): boolean {
  return sessionCreatedAt.getTime() - accountCreatedAt.getTime() < SIGN_UP_SESSION_WINDOW_MS;
}

const viewerCache = new WeakMap<Request, Promise<Viewer | null>>();

async function loadViewer(request: Request): Promise<Viewer | null> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const userId = session.user.id;
  const select = () =>
    db()
      .select({
        profile: {
          ...publicProfileColumns,
          language: profiles.language,
          notificationSound: profiles.notificationSound,
          broadcastEmails: profiles.broadcastEmails,
        },
        tier: subscribers.subscriptionTier,
        subscribed: subscribers.subscribed,
        cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
        currentPeriodEnd: subscribers.currentPeriodEnd,
      })
      .from(profiles)
      .leftJoin(subscribers, eq(subscribers.userId, profiles.userId))
      .where(eq(profiles.userId, userId))
      .limit(1);
  let [row] = await select();
  if (!row || row.tier === null) {
    // SPEC §4: an account without its records gets them (a free subscriber record) on first use.
    await createMemberRecords({
      userId,
      email: session.user.email,
      displayName: session.user.name,
    });
    [row] = await select();
    if (!row) throw new Error(`the member records of ${userId} could not be created`);
  }
  const role = row.profile.role ?? null;
  // A membership cancelled at period end ends at that moment, whether or not the sweep ran yet.
  const lapsed = membershipLapsed(
    {
      subscribed: row.subscribed ?? false,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: row.currentPeriodEnd ?? null,
    },
    new Date(),
  );
  const tier = lapsed ? "free" : ((row.tier ?? "free") as Tier);
  const subscribed = lapsed ? false : (row.subscribed ?? false);
  const actor: Member = {
    id: userId,
    role,
    tier,
    isAdmin: isAdminRole(role),
    isPremium: hasPremiumAccess({ role, tier, subscribed }),
  };
  return {
    user: { id: userId, email: session.user.email, name: session.user.name },
    profile: row.profile,
    role,
    tier,
    subscribed,
    isPremium: actor.isPremium,
    isAdmin: actor.isAdmin,
    actor,
    firstSession: isSignUpSession(
      new Date(session.user.createdAt),
      new Date(session.session.createdAt),
    ),
  };
}

/** Who is asking: the signed-in member with role and membership, or null for a guest. */
export function getViewer(request: Request): Promise<Viewer | null> {
  let pending = viewerCache.get(request);
  if (!pending) {
    pending = loadViewer(request);
    viewerCache.set(request, pending);
  }
  return pending;
}

/** The actor of a viewer: the member the policies see, or null for a guest. */
export function actorOf(viewer: Viewer | null): Actor {
  return viewer?.actor ?? null;
}

/** The actor of this request (built once, with the viewer). */
export async function getActor(request: Request): Promise<Actor> {
  return actorOf(await getViewer(request));
}

/**
 * What a guard needs of a loader's or action's arguments. `url` is React Router's normalized
 * address (without the `.data` suffix and `_routes` parameter of a client navigation's request):
 * the page the member asked for, which `request.url` is not.
 */
export interface GuardArgs {
  request: Request;
  url: URL;
}

function signInRedirect(url: URL): Response {
  return redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in viewer, or a redirect to /auth that comes back here afterwards. */
export async function requireUser({ request, url }: GuardArgs): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw signInRedirect(url);
  return viewer;
}

/**
 * The kind of refusal a route's error boundary renders: the premium gate, the unauthorized page,
 * or the sign-up screen of members-only reading (reading/reading.server.ts `requireReader`).
 */
export type AccessDenied =
  | { kind: "premium"; fallback?: string }
  | { kind: "unauthorized" }
  | { kind: "membersOnly"; screen: MembersOnlyScreen; title: string | null };

/**
 * A premium viewer, or a 403 that the error boundary renders as the Premium gate screen.
 * Guests get the gate too (SPEC §6: sign-up and upgrade prompts), never the content.
 * `fallback` is the translation key of the screen's own gate message.
 */
export async function requirePremium(request: Request, fallback?: string): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer?.isPremium) {
    throw data({ kind: "premium", fallback } satisfies AccessDenied, { status: 403 });
  }
  return viewer;
}

/** An admin, a redirect to sign in for guests, or a 403 'Unauthorized access' page for members. */
export async function requireAdmin({ request, url }: GuardArgs): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw signInRedirect(url);
  if (!canAdminister(viewer.actor))
    throw data({ kind: "unauthorized" } satisfies AccessDenied, { status: 403 });
  return viewer;
}

/**
 * The actor of a member by id, derived as for a signed-in viewer, for work without a session (a
 * calendar feed fetched with its secret, a reminder job); `handle` may be the caller's
 * transaction. Null for an unknown id.
 */
export async function actorById(userId: string, handle: Db = db()): Promise<Member | null> {
  const [row] = await handle
    .select({
      role: profiles.role,
      tier: subscribers.subscriptionTier,
      subscribed: subscribers.subscribed,
      cancelAtPeriodEnd: subscribers.cancelAtPeriodEnd,
      currentPeriodEnd: subscribers.currentPeriodEnd,
    })
    .from(profiles)
    .leftJoin(subscribers, eq(subscribers.userId, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) return null;
  const lapsed = membershipLapsed(
    {
      subscribed: row.subscribed ?? false,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: row.currentPeriodEnd ?? null,
    },
    new Date(),
  );
  const tier = lapsed ? "free" : ((row.tier ?? "free") as Tier);
  const subscribed = lapsed ? false : (row.subscribed ?? false);
  const role = row.role ?? null;
  return {
    id: userId,
    role,
    tier,
    isAdmin: isAdminRole(role),
    isPremium: hasPremiumAccess({ role, tier, subscribed }),
  };
}
