import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { RouterContextProvider } from "react-router";
import { db, type Db } from "#app/db/client.server";
import { requestContext } from "#app/context";
import { readCookie } from "#app/i18n/detect";
import { logger } from "#app/lib/logger.server";
import { getViewer } from "#app/modules/auth/index.server";
import {
  CONTROL,
  EXPERIMENT_IDS,
  isExperimentId,
  pickVariant,
  type ExperimentEventType,
  type ExperimentId,
  type ExperimentVariant,
} from "./policy";
import { abTestAssignments, abTestEvents, abTests } from "./schema";

/**
 * A/B assignment on the server, during the loaders (decision 069): the page is rendered with its
 * variant, so nothing flickers. A member is known by account, a guest by an anonymous id cookie;
 * a browser session's impressions are remembered in a session cookie, so each test counts one
 * impression per browser session. One query reads every test and the person's assignments.
 */

/** The anonymous id of a guest (SPEC §3 "anonymous user id"): first-party, httpOnly, a year. */
export const GUEST_COOKIE = "ab_guest";
/** Tests whose impression this browser session already counted (a session cookie). */
export const SEEN_COOKIE = "ab_seen";
const GUEST_ID = /^[0-9a-f-]{36}$/;

interface Loaded {
  userId: string | null;
  guestId: string | null;
  newGuest: boolean;
  tests: Map<string, { status: string; winner: string | null; variants: ExperimentVariant[] }>;
  assigned: Map<string, string>;
  seen: Set<string>;
}

/** The random source of the draw; tests replace it with a seeded one. */
let random: () => number = Math.random;
export function useRandomSource(source: () => number): void {
  random = source;
}

const perRequest = new WeakMap<Request, Promise<Loaded>>();

function guestIdOf(request: Request): string | null {
  const value = readCookie(request.headers.get("cookie"), GUEST_COOKIE);
  return value && GUEST_ID.test(value) ? value : null;
}

function seenOf(request: Request): Set<string> {
  const value = readCookie(request.headers.get("cookie"), SEEN_COOKIE) ?? "";
  return new Set(value.split(".").filter(isExperimentId));
}

async function load(request: Request): Promise<Loaded> {
  const viewer = await getViewer(request);
  const userId = viewer?.user.id ?? null;
  const cookieGuest = guestIdOf(request);
  const guestId = userId ? null : (cookieGuest ?? randomUUID());
  const owner = userId
    ? eq(abTestAssignments.userId, userId)
    : and(eq(abTestAssignments.guestId, guestId!), isNull(abTestAssignments.userId));
  // One query: every test, and this person's variant of each where drawn.
  const rows = await db()
    .select({
      id: abTests.id,
      status: abTests.status,
      winner: abTests.winner,
      variants: abTests.variants,
      assigned: abTestAssignments.variant,
    })
    .from(abTests)
    .leftJoin(abTestAssignments, and(eq(abTestAssignments.testId, abTests.id), owner));
  return {
    userId,
    guestId,
    newGuest: !userId && !cookieGuest,
    tests: new Map(rows.map((r) => [r.id, r])),
    assigned: new Map(rows.flatMap((r) => (r.assigned ? [[r.id, r.assigned] as const] : []))),
    seen: seenOf(request),
  };
}

/**
 * The variant of each named test for whoever asks, drawn and stored the first time; an
 * impression is counted once per browser session. Inactive or unknown tests give A (SPEC §4);
 * a shipped winner is everyone's. Cookies to set go to the response through the request context.
 */
export async function experimentVariants<const T extends ExperimentId>(
  args: { request: Request; context?: Readonly<RouterContextProvider> | undefined },
  ids: readonly T[],
): Promise<Record<T, string>> {
  const chosen = Object.fromEntries(ids.map((id) => [id, CONTROL])) as Record<T, string>;
  let loaded: Loaded;
  try {
    let pending = perRequest.get(args.request);
    if (!pending) {
      pending = load(args.request);
      perRequest.set(args.request, pending);
    }
    loaded = await pending;
  } catch (error) {
    // SPEC §8: A/B storage failures are logged only; the page shows the control.
    logger.warn({ err: error }, "loading A/B assignments failed");
    return chosen;
  }
  const drawn: { testId: string; variant: string }[] = [];
  const shown: { testId: string; variant: string }[] = [];
  for (const id of ids) {
    const test = loaded.tests.get(id);
    if (!test) continue;
    if (test.winner && test.variants.some((v) => v.key === test.winner)) {
      chosen[id] = test.winner;
      continue;
    }
    if (test.status !== "active") continue;
    let variant = loaded.assigned.get(id);
    if (!variant || !test.variants.some((v) => v.key === variant)) {
      variant = pickVariant(test.variants, random());
      loaded.assigned.set(id, variant);
      drawn.push({ testId: id, variant });
    }
    chosen[id] = variant;
    if (!loaded.seen.has(id)) {
      loaded.seen.add(id);
      shown.push({ testId: id, variant });
    }
  }
  try {
    await store(loaded, drawn, shown);
  } catch (error) {
    logger.warn({ err: error }, "storing A/B assignments failed");
  }
  if (args.context && (drawn.length > 0 || shown.length > 0 || loaded.newGuest)) {
    setCookies(args, loaded);
  }
  return chosen;
}

async function store(
  loaded: Loaded,
  drawn: { testId: string; variant: string }[],
  shown: { testId: string; variant: string }[],
): Promise<void> {
  const who = { userId: loaded.userId, guestId: loaded.userId ? null : loaded.guestId };
  if (drawn.length > 0) {
    await db()
      .insert(abTestAssignments)
      .values(drawn.map((d) => ({ ...d, ...who })))
      .onConflictDoNothing();
  }
  if (shown.length > 0) {
    await db()
      .insert(abTestEvents)
      .values(shown.map((s) => ({ ...s, ...who, eventType: "view" as const })));
  }
}

function setCookies(
  args: { request: Request; context?: Readonly<RouterContextProvider> | undefined },
  loaded: Loaded,
): void {
  const values = args.context!.get(requestContext);
  const secure = new URL(args.request.url).protocol === "https:" ? "; Secure" : "";
  const cookies = (values.setCookies ??= []);
  const seen = [...loaded.seen].sort().join(".");
  const seenCookie = `${SEEN_COOKIE}=${seen}; Path=/; HttpOnly; SameSite=Lax${secure}`;
  const at = cookies.findIndex((c) => c.startsWith(`${SEEN_COOKIE}=`));
  if (at >= 0) cookies[at] = seenCookie;
  else cookies.push(seenCookie);
  if (loaded.newGuest && loaded.guestId && !cookies.some((c) => c.startsWith(`${GUEST_COOKIE}=`))) {
    cookies.push(
      `${GUEST_COOKIE}=${loaded.guestId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`,
    );
  }
}

/**
 * A new account takes over the variants its guest browser was shown (the guest cookie in the
 * sign-up request) and each counts a conversion: the sign-up is what the tests measure.
 */
export async function adoptGuestAssignments(
  userId: string,
  headers: Headers | undefined,
): Promise<void> {
  const guestId = headers ? readCookie(headers.get("cookie"), GUEST_COOKIE) : undefined;
  if (!guestId || !GUEST_ID.test(guestId)) return;
  await db().transaction(async (tx) => {
    const moved = await tx
      .update(abTestAssignments)
      .set({ userId, guestId: null })
      .where(and(eq(abTestAssignments.guestId, guestId), isNull(abTestAssignments.userId)))
      .returning({ testId: abTestAssignments.testId, variant: abTestAssignments.variant });
    await tx
      .update(abTestEvents)
      .set({ userId })
      .where(and(eq(abTestEvents.guestId, guestId), isNull(abTestEvents.userId)));
    if (moved.length > 0) {
      await tx
        .insert(abTestEvents)
        .values(moved.map((m) => ({ ...m, userId, guestId, eventType: "conversion" as const })));
    }
  });
}

/** A premium purchase counts under every variant the member was given (the second metric). */
export async function recordPurchase(handle: Db, userId: string, paymentId: string): Promise<void> {
  const assigned = await handle
    .select({ testId: abTestAssignments.testId, variant: abTestAssignments.variant })
    .from(abTestAssignments)
    .where(eq(abTestAssignments.userId, userId));
  if (assigned.length === 0) return;
  await handle.insert(abTestEvents).values(
    assigned.map((a) => ({
      ...a,
      userId,
      eventType: "purchase" as const,
      metadata: { paymentId },
    })),
  );
}

/**
 * A click on a tested element, sent by the page (POST /api/ab-tests/click). Counted under the
 * variant the person was given, read from the database, never from the request.
 */
export async function recordClick(request: Request, testId: string): Promise<boolean> {
  if (!isExperimentId(testId)) return false;
  const viewer = await getViewer(request);
  const userId = viewer?.user.id ?? null;
  const guestId = userId ? null : guestIdOf(request);
  if (!userId && !guestId) return false;
  const [row] = await db()
    .select({ variant: abTestAssignments.variant })
    .from(abTestAssignments)
    .innerJoin(abTests, eq(abTests.id, abTestAssignments.testId))
    .where(
      and(
        eq(abTestAssignments.testId, testId),
        eq(abTests.status, "active"),
        userId ? eq(abTestAssignments.userId, userId) : eq(abTestAssignments.guestId, guestId!),
      ),
    )
    .limit(1);
  if (!row) return false;
  await db()
    .insert(abTestEvents)
    .values({
      testId,
      variant: row.variant,
      userId,
      guestId,
      eventType: "click" as ExperimentEventType,
    });
  return true;
}

export interface ExperimentRow {
  id: string;
  name: string;
  description: string;
  variants: ExperimentVariant[];
  startDate: Date;
  status: "active" | "paused" | "completed";
  winner: string | null;
  counts: Record<string, Record<ExperimentEventType, number>>;
}

/** Every test with its counts per variant and event type (the dashboard). */
export async function experimentResults(): Promise<ExperimentRow[]> {
  const [tests, counts] = await Promise.all([
    db().select().from(abTests).orderBy(abTests.id),
    db()
      .select({
        testId: abTestEvents.testId,
        variant: abTestEvents.variant,
        eventType: abTestEvents.eventType,
        count: sql<number>`count(*)::int`,
      })
      .from(abTestEvents)
      .groupBy(abTestEvents.testId, abTestEvents.variant, abTestEvents.eventType),
  ]);
  const order = new Map(EXPERIMENT_IDS.map((id, i) => [id as string, i]));
  return tests
    .sort((a, b) => (order.get(a.id) ?? 99) - (order.get(b.id) ?? 99))
    .map((test) => {
      const byVariant: ExperimentRow["counts"] = {};
      for (const v of test.variants)
        byVariant[v.key] = { view: 0, click: 0, conversion: 0, purchase: 0 };
      for (const c of counts) {
        if (c.testId !== test.id) continue;
        const slot = (byVariant[c.variant] ??= { view: 0, click: 0, conversion: 0, purchase: 0 });
        slot[c.eventType] = Number(c.count);
      }
      return { ...test, counts: byVariant };
    });
}

/** The viewer's own assignments and latest events (/test-tracking). */
export async function ownTracking(request: Request) {
  const viewer = await getViewer(request);
  const userId = viewer?.user.id ?? null;
  const guestId = guestIdOf(request);
  const mine = (col: { userId: AnyPgColumn; guestId: AnyPgColumn }) =>
    or(
      userId ? eq(col.userId, userId) : sql`false`,
      guestId ? eq(col.guestId, guestId) : sql`false`,
    );
  const [assignments, events] = await Promise.all([
    db()
      .select({
        testId: abTestAssignments.testId,
        variant: abTestAssignments.variant,
        assignedAt: abTestAssignments.assignedAt,
      })
      .from(abTestAssignments)
      .where(mine(abTestAssignments))
      .orderBy(abTestAssignments.testId),
    db()
      .select({
        testId: abTestEvents.testId,
        variant: abTestEvents.variant,
        eventType: abTestEvents.eventType,
        createdAt: abTestEvents.createdAt,
      })
      .from(abTestEvents)
      .where(mine(abTestEvents))
      .orderBy(desc(abTestEvents.createdAt))
      .limit(50),
  ]);
  return { assignments, events };
}
