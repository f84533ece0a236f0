import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, startTestApp } from "../tests/helpers/app";
import { signedInRequest } from "../tests/helpers/accounts";
import { member as communityMember, profileOf, seedCategories } from "../tests/helpers/community";
import { routeEntries, routes } from "../tests/helpers/server-build";
import { seedPages } from "#app/db/seed.server";
import { textsFile } from "#app/i18n/resources.server";
import { createPost, createComment, getThread } from "#app/modules/discussions/index.server";
import { sendMessage, startConversation } from "#app/modules/messages/index.server";
import { RealtimeHub, useRealtimeHub } from "#app/modules/realtime/index.server";
import {
  addChapter,
  createArticle,
  createCategory,
  setArticleStatus,
} from "#app/modules/library/index.server";

/**
 * Bad input of any shape gets a 4xx, never a 5xx. Every route of app/routes.ts (so a new route is
 * covered without touching this file), every better-auth endpoint the app uses and the other
 * API addresses, as a guest, a member and an admin, with a fixed list of malformed inputs:
 * path parameters that are not ids or not valid percent-encoding, query values that are
 * negative, huge, not numbers or tampered cursors, and request bodies of the wrong shape (none,
 * JSON to a form action, `null`, invalid JSON, NUL bytes in every field, long strings, ids that
 * are not UUIDs) for every intent the route's source names.
 */

let app: Awaited<ReturnType<typeof startTestApp>>;
let hub: RealtimeHub;
const cookies: Record<Role, string | undefined> = {
  guest: undefined,
  member: undefined,
  admin: undefined,
};
/** Real values for the path parameters, so requests also reach past "not found". */
const real: Record<string, string> = {};

type Role = "guest" | "member" | "admin";
const ROLES: Role[] = ["guest", "member", "admin"];

beforeAll(async () => {
  app = await startTestApp();
  // As in the running server: /api/events streams from the realtime hub.
  hub = new RealtimeHub();
  await hub.listen(app.database);
  useRealtimeHub(hub);
  await seedCategories();
  await seedPages();
  // Paying members are trusted: their thread and comment are published at once.
  const member = await communityMember({ name: "Fuzzy Member", tier: "full" });
  const admin = await signedInRequest({ role: "admin", name: "Fuzzy Admin" });
  cookies.member = member.cookie;
  cookies.admin = admin.cookie;
  const post = await createPost(member.rules, {
    category: "general-discussion",
    title: "A thread to fuzz",
    content: "Body of the thread",
  });
  const thread = (await getThread(post.slug, member.rules))!;
  await createComment(member.rules, thread.post.id, { content: "A comment", parentId: null });
  const conversationId = await startConversation(member.userId, admin.userId);
  await sendMessage({ id: member.userId, displayName: "Fuzzy Member" }, conversationId, "Hello");
  // A published premium grimoire with a chapter, in a category, for the library's pages.
  const librarian = { id: admin.userId, isAdmin: true, isPremium: true };
  const category = await createCategory(librarian, {
    type: "grimoire",
    title: "Fuzzed tradition",
    description: "",
  });
  const article = await createArticle(librarian, {
    type: "grimoire",
    title: "A grimoire to fuzz",
    summary: "",
    body: "Opening.\n\n## Closed\n\nRest.",
    categoryId: category.id,
    isPremium: true,
    publishAt: "",
    timeZoneOffset: 0,
  });
  await addChapter(librarian, article.id, { title: "One", body: "First chapter" });
  await setArticleStatus(librarian, article.id, "published");
  Object.assign(real, {
    type: "grimoire",
    articleId: article.id,
    categoryId: category.id,
    slug: post.slug,
    identifier: (await profileOf(member.userId)).slug,
    conversationId,
    checkoutId: "00000000-0000-4000-8000-000000000000",
    paymentId: "00000000-0000-4000-8000-000000000000",
    locale: "en",
    file: textsFile("en", "shell").href.split("/").pop()!,
    "*": "no-such-page",
  });
}, 60_000);
afterAll(async () => {
  await hub.close();
  await app.cleanup();
});

/** Path parameter values, written into the URL as they are (some are deliberately invalid encoding). */
const BAD_PARAMS = [
  "not-a-uuid",
  "%E0%A4%A",
  "%",
  "%00",
  "a%00b",
  "%C0%AF",
  "%FF%FE",
  "00000000-0000-0000-0000-000000000000",
  "..%2F..%2Fetc%2Fpasswd",
  "%F0%9F%98%80",
  "'%20OR%201=1--",
  "a".repeat(2_000),
];

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** Query values, applied to every parameter name at once. */
const BAD_QUERY_VALUES = [
  "-1",
  "0",
  "1e309",
  "NaN",
  "99999999999999999999999",
  "9007199254740993",
  "1.5",
  "%00",
  "%E0%A4%A",
  "a".repeat(2_000),
  cursor({ at: "2020-01-01T00:00:00Z", id: "not-a-uuid" }),
  cursor({ at: "+275760-09-13T00:00:00.000Z", id: "00000000-0000-0000-0000-000000000000" }),
  cursor({ offset: 1e20 }),
  cursor({ offset: Number.MAX_SAFE_INTEGER }),
  cursor(null),
  cursor([1, 2]),
  "not-base64!",
];
const QUERY_NAMES = [
  "page",
  "cursor",
  "before",
  "q",
  "tab",
  "category",
  "checkout",
  "token",
  "redirectTo",
  "edit",
  "status",
  "tier",
  "search",
  "confirm",
  // The /search page's kind filter.
  "kind",
  // The book editor's open chapter.
  "chapter",
  // A book's sales page: day, week or month.
  "period",
  "_routes",
];

/** Field values, each sent in every field at once (ids that are not UUIDs: BAD_IDS below). */
const BAD_FIELD_VALUES = ["", "a\0b\u202e", "-1e309", "x".repeat(900)];
/** Field names the forms use (a field a form does not know is ignored by it). */
const FIELDS = [
  "id",
  // Book Forge: the autosave's base version and the book details.
  "baseVersion",
  "price",
  "coAuthors",
  "language",
  "messages",
  "conversationId",
  "visitorSessionId",
  "origin",
  "commentId",
  "targetId",
  "targetType",
  "kind",
  "content",
  "title",
  "body",
  "category",
  "parentId",
  "reason",
  "email",
  "password",
  "confirmPassword",
  "displayName",
  "slug",
  "bio",
  "language",
  "notificationSound",
  "removeAvatar",
  "locale",
  "redirectTo",
  "token",
  "tab",
  "recipient",
  "identifier",
  "userId",
  "videoId",
  "role",
  "tier",
  "cardNumber",
  "expiry",
  "cvc",
  "name",
  "paymentId",
  "price",
  "currency",
  "guaranteeDays",
  "description",
  "displayOrder",
  "isReadOnly",
  "isActive",
  "subscriptionTierRequired",
  "status",
  "query",
  "href",
  "type",
  "site_name",
  "primary_color",
  "secondary_color",
  // The library's reader and editor forms.
  "chapterId",
  "noteId",
  "note",
  "summary",
  "categoryId",
  "isPremium",
  "publishAt",
  "timeZoneOffset",
  "position",
  "direction",
  "materials",
  "timing",
  "removeCover",
  "steps.0.title",
  "steps.0.minutes",
  "steps.0.text",
  "lessonCount",
  "estimatedMinutes",
  "requiresPrevious",
  // Ritual requests: the member's form, an admin's status change and the ritual kinds.
  "kindId",
  "intention",
  "details",
  "names",
  "preferredDate",
  "consent",
  "command",
  "from",
  "date",
  "report",
  "active",
  // The consultation booking page and its admin screen.
  "slotId",
  "rules",
  "start",
  "duration",
  "repeat",
  "weeks",
];

/** Fields as a real form fills them, so that a malformed id is what the action meets. */
const PLAUSIBLE: Record<string, string> = {
  kind: "like",
  targetType: "comment",
  content: "A plausible comment",
  title: "A plausible title",
  body: "A plausible body",
  category: "general-discussion",
  reason: "A plausible reason",
  email: "someone@example.test",
  password: "correct-horse-battery",
  confirmPassword: "correct-horse-battery",
  displayName: "Someone",
  slug: "someone",
  locale: "de",
  tab: "all",
  role: "member",
  tier: "free",
  name: "Someone",
  cardNumber: "4242424242424242",
  expiry: "12/40",
  cvc: "123",
  price: "10",
  currency: "EUR",
  guaranteeDays: "30",
  type: "post",
  query: "plausible",
  href: "/discussions",
  site_name: "Sanctuary",
  primary_color: "#336699",
  secondary_color: "#663399",
  redirectTo: "/discussions",
  rules: "on",
  start: "2031-03-14T10:00",
  duration: "60",
  repeat: "none",
  weeks: "1",
};
const ID_FIELDS = [
  "id",
  "conversationId",
  "commentId",
  "targetId",
  "parentId",
  "userId",
  "videoId",
  "paymentId",
  "recipient",
  "identifier",
  "token",
  "chapterId",
  "noteId",
  "categoryId",
  "moduleId",
  "lessonId",
  "kindId",
  "photoId",
  "slotId",
  "revisionId",
];
const BAD_IDS = ["not-a-uuid", "00000000-0000-0000-0000-000000000000"];

/** The intents a route's action distinguishes, read from its source and the validation it imports. */
function intentsOf(file: string): string[] {
  const route = path.resolve("app", file);
  const sources = [route];
  const source = readFileSync(route, "utf8");
  for (const [, module] of source.matchAll(/from "#app\/modules\/([\w/-]*validation)"/g))
    sources.push(path.resolve("app/modules", `${module}.ts`));
  const intents = new Set<string>();
  for (const file of sources) {
    const text = readFileSync(file, "utf8");
    for (const [, intent = ""] of text.matchAll(/case "([a-z][\w-]*)"/g)) intents.add(intent);
    for (const [, intent = ""] of text.matchAll(/literal\("([a-z][\w-]*)"/g)) intents.add(intent);
    for (const [, list = ""] of text.matchAll(/intent: z\.enum\(\[([^\]]*)\]/g))
      for (const [, intent = ""] of list.matchAll(/"([\w-]+)"/g)) intents.add(intent);
    for (const [, intent = ""] of text.matchAll(/get\("intent"\) === "([\w-]+)"/g))
      intents.add(intent);
  }
  return [...intents];
}

/** The URL path of a route: its own and its parents' path segments. */
function fullPath(id: string): string {
  const segments: string[] = [];
  for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined)
    if (r.path) segments.unshift(r.path);
  return `/${segments.join("/")}`;
}

function fill(pattern: string, value: (param: string) => string): string {
  return pattern.replace(/:(\w+)|\*/g, (_match, name: string | undefined) => value(name ?? "*"));
}

interface Probe {
  label: string;
  path: string;
  init?: RequestInit;
}

/** Data requests (`/path.data`) run the same loaders and actions as documents without rendering: most probes use them. */
const dataPath = (path: string) => {
  const [pathname, query] = path.split("?");
  return `${pathname === "/" ? "/_" : pathname}.data${query ? `?${query}` : ""}`;
};

/** Deletions go last, so the requests before them still find the thread. */
const deletionsLast = (a: string, b: string) =>
  Number(a.startsWith("delete")) - Number(b.startsWith("delete"));

/** Route modules whose action was probed already: one module under several paths (the billing aliases) is the same code. */
const actionsProbed = new Set<string>();

/** Requests for one page or resource route. */
function routeProbes(id: string, file: string): Probe[] {
  const route = routes[id]!;
  const pattern = fullPath(id);
  const module = route.module as { loader?: unknown; action?: unknown; default?: unknown };
  const source = readFileSync(path.resolve("app", file), "utf8");
  const realPath = fill(pattern, (p) => real[p] ?? "x");
  const hasParams = /:|\*/.test(pattern);
  const page = Boolean(module.default);
  const probes: Probe[] = [];
  if (module.loader || page) {
    if (hasParams) {
      BAD_PARAMS.forEach((bad, index) => {
        const where = fill(pattern, () => bad);
        probes.push({
          label: `GET ${pattern} ${bad.slice(0, 20)}`,
          path: index % 4 === 0 || !page ? where : dataPath(where),
        });
      });
    }
    // Every value for the routes that read their query; one for the others.
    const values = /searchParams|useSearchParams/.test(source)
      ? BAD_QUERY_VALUES
      : BAD_QUERY_VALUES.slice(0, 1);
    values.forEach((value, index) => {
      const query = `${realPath}?${QUERY_NAMES.map((name) => `${name}=${value}`).join("&")}`;
      const label = `GET ${pattern}?…=${value.slice(0, 20)}`;
      // A rendered page for the first few values: the component must also cope with what the loader let through.
      if (index === 0 || !page) probes.push({ label, path: query });
      if (page) probes.push({ label: `${label} (data)`, path: dataPath(query) });
    });
  }
  if (module.action && !actionsProbed.has(file)) {
    actionsProbed.add(file);
    // Resource routes (no page) have no page data to ask for.
    const scripted = page ? dataPath(realPath) : realPath;
    const post = (
      label: string,
      body: BodyInit | null,
      headers: Record<string, string> = {},
      where = realPath,
    ): Probe => ({
      label: `POST ${where === realPath ? pattern : where.slice(0, 40)} ${label}`,
      path: where,
      init: { method: "POST", body, headers },
    });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const shapes: Array<[string, BodyInit | null, Record<string, string>]> = [
      [
        "JSON object",
        JSON.stringify({ intent: "x", id: "y" }),
        { "content-type": "application/json" },
      ],
      [
        "broken multipart",
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\0',
        { "content-type": "multipart/form-data; boundary=x" },
      ],
      ["no body", null, {}],
      ["empty form", "", form],
      ["JSON null", "null", { "content-type": "application/json" }],
      ["invalid JSON", "{", { "content-type": "application/json" }],
      ["text", "\0\0\0", { "content-type": "text/plain" }],
      ["multipart without boundary", "a=b", { "content-type": "multipart/form-data" }],
      ["broken form encoding", "intent=%E0%A4%A&content=%&%00=%00", form],
    ];
    // The first two as a browser without JavaScript sends them (the answer is a rendered page), all as page data.
    shapes.forEach(([label, body, headers], index) => {
      if (index < 2 && page) probes.push(post(label, body, headers));
      probes.push(post(`${label} (data)`, body, headers, scripted));
    });
    if (hasParams)
      for (const bad of BAD_PARAMS.slice(0, 4))
        probes.push(
          post(
            `param ${bad}`,
            "intent=x",
            form,
            fill(pattern, () => bad),
          ),
        );
    for (const intent of [undefined, ...intentsOf(file).sort(deletionsLast)]) {
      BAD_FIELD_VALUES.forEach((value, index) => {
        const fields = new URLSearchParams();
        if (intent) fields.set("intent", intent);
        for (const field of FIELDS) fields.set(field, value);
        const label = `intent=${intent ?? "-"} fields=${JSON.stringify(value.slice(0, 12))}`;
        // As a browser without JavaScript posts it (the page is rendered with the action's answer) for one value.
        probes.push(
          post(
            index === 1 ? label : `${label} (data)`,
            fields.toString(),
            form,
            index === 1 ? realPath : scripted,
          ),
        );
      });
      for (const id of BAD_IDS) {
        const fields = new URLSearchParams(PLAUSIBLE);
        if (intent) fields.set("intent", intent);
        for (const field of ID_FIELDS) fields.set(field, id);
        probes.push(
          post(
            `intent=${intent ?? "-"} plausible, ids=${id.slice(0, 12)} (data)`,
            fields.toString(),
            form,
            scripted,
          ),
        );
      }
    }
  }
  return probes;
}

/** better-auth's JSON endpoints the app uses, and the addresses served outside React Router. */
const AUTH_ENDPOINTS = [
  "sign-in/email",
  "sign-up/email",
  "request-password-reset",
  "reset-password",
  "change-password",
  "update-user",
  "change-email",
  "sign-out",
];
const JSON_BODIES: Array<[string, string]> = [
  ["null", "null"],
  ["invalid", "{"],
  ["array", "[]"],
  ["string", '"x"'],
  ["number", "1"],
  [
    "NUL escaped",
    JSON.stringify({
      email: "a\0@example.test",
      password: "x\0",
      name: "\0",
      newPassword: "\0",
      token: "\0",
    }),
  ],
  ["NUL raw", `{"email":"a@example.test","password":"\0"}`],
  ["deep", "[".repeat(5_000) + "]".repeat(5_000)],
  [
    "wrong types",
    JSON.stringify({ email: 1, password: {}, name: [], token: null, callbackURL: 5 }),
  ],
  ["empty object", "{}"],
];

function apiProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const endpoint of AUTH_ENDPOINTS) {
    for (const [label, body] of JSON_BODIES) {
      probes.push({
        label: `POST /api/auth/${endpoint} ${label}`,
        path: `/api/auth/${endpoint}`,
        init: { method: "POST", body, headers: { "content-type": "application/json" } },
      });
    }
    probes.push({
      label: `POST /api/auth/${endpoint} form`,
      path: `/api/auth/${endpoint}`,
      init: {
        method: "POST",
        body: "email=%00",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      },
    });
    probes.push({
      label: `POST /api/auth/${endpoint} no body`,
      path: `/api/auth/${endpoint}`,
      init: { method: "POST" },
    });
  }
  // The AI guide's JSON call (SPEC §7) with the same bad bodies, and its own fields of wrong shapes.
  const chatBodies: Array<[string, string]> = [
    ...JSON_BODIES,
    [
      "chat wrong types",
      JSON.stringify({ messages: [{ role: 1, content: {} }], visitorSessionId: [] }),
    ],
    [
      "chat system role",
      JSON.stringify({
        messages: [{ role: "system", content: "x" }],
        visitorSessionId: "visitor_fuzz",
      }),
    ],
    [
      "chat NUL",
      JSON.stringify({
        messages: [{ role: "user", content: "\0" }],
        visitorSessionId: "\0",
        conversationId: "\0",
      }),
    ],
    [
      "chat bad id",
      JSON.stringify({
        messages: [{ role: "user", content: "hi" }],
        visitorSessionId: "visitor_fuzz",
        conversationId: "%00",
      }),
    ],
    [
      "chat unknown id",
      JSON.stringify({
        messages: [{ role: "user", content: "hi" }],
        visitorSessionId: "visitor_fuzz",
        conversationId: "00000000-0000-0000-0000-000000000000",
      }),
    ],
  ];
  for (const [label, body] of chatBodies)
    probes.push({
      label: `POST /api/chat ${label}`,
      path: "/api/chat",
      init: { method: "POST", body, headers: { "content-type": "application/json" } },
    });
  // A visitor's thumbs on a reply: the same bad bodies, ids of wrong shapes, a rating not offered.
  const rateBodies: Array<[string, string]> = [
    ...JSON_BODIES,
    [
      "rate bad ids",
      JSON.stringify({
        conversationId: "%00",
        messageId: "'; select 1; --",
        visitorSessionId: "visitor_fuzz",
        rating: "up",
      }),
    ],
    [
      "rate unknown ids",
      JSON.stringify({
        conversationId: "00000000-0000-0000-0000-000000000000",
        messageId: "00000000-0000-0000-0000-000000000000",
        visitorSessionId: "visitor_fuzz",
        rating: "down",
      }),
    ],
    [
      "rate wrong types",
      JSON.stringify({ conversationId: 1, messageId: [], visitorSessionId: {}, rating: 5 }),
    ],
  ];
  for (const [label, body] of rateBodies)
    probes.push({
      label: `POST /api/chat/rate ${label}`,
      path: "/api/chat/rate",
      init: { method: "POST", body, headers: { "content-type": "application/json" } },
    });
  const brokenCookies = "i18nextLng=%E0%A4%A; sidebar_state=%; better-auth.session_token=%00";
  for (const address of ["/", "/_.data", "/discussions"])
    probes.push({
      label: `GET ${address} broken cookies`,
      path: address,
      init: { headers: { cookie: brokenCookies } },
    });
  for (const address of [
    "/api/auth/get-session",
    "/api/auth/%E0%A4%A",
    "/api/auth/reset-password/%00?callbackURL=%E0%A4%A",
    "/api/events",
    "/readyz",
    "/healthz",
    "/assets/%E0%A4%A",
    "/uploads/%00",
    "/%E0%A4%A",
    "/%00",
  ]) {
    probes.push({ label: `GET ${address}`, path: address });
  }
  // Uploaded media and the resumable upload endpoint (tus): malformed ids, headers and offsets.
  for (const address of [
    "/media/files/%00",
    "/media/files/not-an-id",
    "/media/files/00000000-0000-0000-0000-000000000000",
    "/media/files/00000000-0000-0000-0000-000000000000/poster",
    "/api/uploads",
    "/api/uploads/%E0%A4%A",
  ])
    probes.push({
      label: `GET ${address}`,
      path: address,
      init: { headers: { Range: "bytes=-" } },
    });
  const tus = { "Tus-Resumable": "1.0.0" };
  for (const [label, headers] of [
    ["no length", { ...tus }],
    ["bad length", { ...tus, "Upload-Length": "1e400" }],
    ["bad metadata", { ...tus, "Upload-Length": "10", "Upload-Metadata": "purpose !!!,%00 x" }],
    [
      "huge metadata",
      { ...tus, "Upload-Length": "10", "Upload-Metadata": `filename ${"A".repeat(20_000)}` },
    ],
    ["old protocol", { "Tus-Resumable": "0.1", "Upload-Length": "10" }],
  ] as const)
    probes.push({
      label: `POST /api/uploads ${label}`,
      path: "/api/uploads",
      init: { method: "POST", headers },
    });
  for (const [method, path, headers] of [
    [
      "PATCH",
      "/api/uploads/00000000-0000-0000-0000-000000000000",
      { ...tus, "Upload-Offset": "-1", "Content-Type": "application/offset+octet-stream" },
    ],
    ["PATCH", "/api/uploads/%00", { ...tus, "Upload-Offset": "abc" }],
    ["HEAD", "/api/uploads/not-an-id", tus],
    ["DELETE", "/api/uploads/00000000-0000-0000-0000-000000000000", tus],
    ["OPTIONS", "/api/uploads", {}],
  ] as const)
    probes.push({
      label: `${method} ${path}`,
      path,
      init: { method, headers, ...(method === "PATCH" ? { body: "xyz" } : {}) },
    });
  return probes;
}

/** Signing out ends the session the later requests of the role need: those go last. */
const signOutLast = (a: Probe, b: Probe) =>
  Number(a.path.includes("sign-out")) - Number(b.path.includes("sign-out"));

describe("no request answers 5xx", () => {
  // One test per role, each with its own time: the probes grow with every route, and one test
  // over all roles outgrew any single time limit on a busy machine.
  it.each(ROLES)(
    "for every route and malformed input, as %s",
    async (role) => {
      const probes = [
        ...routeEntries.flatMap((entry) => routeProbes(entry.id, entry.file)),
        ...apiProbes(),
      ].sort(signOutLast);
      const failures: string[] = [];
      const started = performance.now();
      let sent = 0;
      for (const probe of probes) {
        const headers = new Headers(probe.init?.headers);
        const cookie = [headers.get("cookie"), cookies[role]].filter(Boolean).join("; ");
        if (cookie) headers.set("cookie", cookie);
        sent += 1;
        try {
          const response = await app.app.request(`${ORIGIN}${probe.path}`, {
            ...probe.init,
            headers,
          });
          if (response.status >= 500) failures.push(`${role} ${probe.label} → ${response.status}`);
          await response.body?.cancel();
        } catch (error) {
          failures.push(`${role} ${probe.label} → threw ${(error as Error).message}`);
        }
      }
      console.info(`${role}: ${sent} requests in ${Math.round(performance.now() - started)} ms`);
      expect(sent).toBeGreaterThan(500);
      expect(failures).toEqual([]);
    },
    300_000,
  );
});

/**
 * Every id a form or an address gives an action passes `idSchema` (app/lib/ids.ts): a malformed
 * one is a 400 naming `errors.badId`, never a 500, a 404 or a silent no-op. The actions and
 * intents that read an id, with the fields they read it from; a test below keeps this list in
 * step with the routes that check ids.
 */
const ID_READERS: Array<{
  file: string;
  path: (real: Record<string, string>) => string;
  intents: Array<[string | undefined, string[]]>;
}> = [
  {
    file: "routes/discussions/thread.tsx",
    path: (r) => `/discussions/${r.idSlug}`,
    intents: [
      ["comment", ["parentId"]],
      ["react", ["targetId"]],
      ["accept", ["commentId"]],
      ["edit-comment", ["commentId"]],
      ["delete-comment", ["commentId"]],
      ["report", ["targetId"]],
    ],
  },
  {
    file: "routes/admin/moderation.tsx",
    path: () => "/admin/moderation",
    intents: [
      ["resolve", ["id"]],
      ["approve", ["id"]],
      ["reject", ["id"]],
      ["video-publish", ["videoId"]],
      ["video-reject", ["videoId"]],
      ["video-hide", ["videoId"]],
      ["video-show", ["videoId"]],
      ["video-delete", ["videoId"]],
    ],
  },
  {
    file: "routes/videos/video.tsx",
    path: () => "/video/a-fuzzed-video",
    intents: [
      ["video-publish", ["videoId"]],
      ["video-delete", ["videoId"]],
    ],
  },
  {
    // The book editor's autosave (JSON): a malformed chapter id is a 400, never a 500.
    file: "routes/books/save-chapter.ts",
    path: () => "/book-forge/edit/00000000-0000-4000-8000-000000000000/save",
    intents: [[undefined, ["chapterId"]]],
  },
  {
    // The admins' Book Forge screen: hide and show a book again.
    file: "routes/admin/book-forge.tsx",
    path: () => "/admin/book-forge",
    intents: [
      ["hide", ["bookId"]],
      ["unhide", ["bookId"]],
    ],
  },
  {
    // The book editor's chapter commands.
    file: "routes/books/edit.tsx",
    path: () => "/book-forge/edit/00000000-0000-4000-8000-000000000000",
    intents: [
      ["chapter-rename", ["chapterId"]],
      ["chapter-up", ["chapterId"]],
      ["chapter-down", ["chapterId"]],
      ["chapter-delete", ["chapterId"]],
    ],
  },
  {
    // A chapter's revision restored from its history.
    file: "routes/books/chapter-history.ts",
    path: () =>
      "/book-forge/edit/00000000-0000-4000-8000-000000000000/history/00000000-0000-4000-8000-000000000001",
    intents: [[undefined, ["revisionId"]]],
  },
  {
    file: "routes/admin/testimonials.tsx",
    path: () => "/admin/testimonials",
    intents: [[undefined, ["id"]]],
  },
  {
    file: "routes/admin/users.tsx",
    path: () => "/admin/users",
    intents: [[undefined, ["userId"]]],
  },
  {
    file: "routes/admin/categories.tsx",
    path: () => "/admin/categories",
    intents: [[undefined, ["id"]]],
  },
  {
    file: "routes/admin/academy.tsx",
    path: () => "/admin/academy",
    intents: [
      ["publish", ["courseId"]],
      ["unpublish", ["courseId"]],
    ],
  },
  {
    file: "routes/admin/academy-quiz.tsx",
    path: () => `/admin/academy/courses/${crypto.randomUUID()}/lessons/${crypto.randomUUID()}/quiz`,
    intents: [
      ["question-save", ["questionId", "option.0.id"]],
      ["question-delete", ["questionId"]],
      ["question-move", ["questionId"]],
    ],
  },
  {
    file: "routes/admin/academy-categories.tsx",
    path: () => "/admin/academy/categories",
    intents: [
      ["category-update", ["categoryId"]],
      ["category-move", ["categoryId"]],
      ["category-delete", ["categoryId"]],
    ],
  },
  {
    file: "routes/admin/academy-outline.tsx",
    path: () => `/admin/academy/courses/${crypto.randomUUID()}/outline`,
    intents: [
      ["module-rename", ["moduleId"]],
      ["module-move", ["moduleId"]],
      ["module-delete", ["moduleId"]],
      ["lesson-create", ["moduleId"]],
      ["lesson-move", ["lessonId"]],
      ["lesson-module", ["lessonId", "moduleId"]],
      ["lesson-delete", ["lessonId"]],
    ],
  },
  {
    file: "routes/admin/academy-lesson-media.tsx",
    path: () =>
      `/admin/academy/courses/${crypto.randomUUID()}/lessons/${crypto.randomUUID()}/media`,
    intents: [
      ["file-rename", ["fileId"]],
      ["file-move", ["fileId"]],
      ["file-remove", ["fileId"]],
    ],
  },
  {
    file: "routes/admin/subscriptions.tsx",
    path: () => "/admin/subscriptions",
    intents: [
      ["grant", ["userId"]],
      ["revoke", ["userId"]],
    ],
  },
  {
    file: "routes/admin/transactions.tsx",
    path: () => "/admin/transactions",
    intents: [["refund", ["paymentId"]]],
  },
  { file: "routes/notifications.tsx", path: () => "/notifications", intents: [["read", ["id"]]] },
  {
    file: "routes/covens/coven.tsx",
    path: () => "/covens/a-fuzzed-coven",
    intents: [
      ["remove", ["userId"]],
      ["ban", ["userId"]],
      ["role", ["userId"]],
      ["transfer", ["userId"]],
      ["decide", ["requestId"]],
      ["revoke", ["invitationId"]],
      ["pin", ["postId"]],
    ],
  },
  {
    file: "routes/library/article.tsx",
    path: () => `/article/grimoire/${crypto.randomUUID()}`,
    intents: [
      ["progress", ["chapterId"]],
      ["delete-note", ["noteId"]],
    ],
  },
  {
    // The grimoire made in beforeAll, at its own address (its slug comes from its title).
    file: "routes/library/grimoire.tsx",
    path: () => "/grimoire/a-grimoire-to-fuzz",
    intents: [
      ["progress", ["chapterId"]],
      ["delete-note", ["noteId"]],
    ],
  },
  {
    file: "routes/library/manage-article.tsx",
    path: () => `/content-management/${crypto.randomUUID()}`,
    intents: [
      ["chapter-save", ["chapterId"]],
      ["chapter-up", ["chapterId"]],
      ["chapter-down", ["chapterId"]],
      ["chapter-delete", ["chapterId"]],
    ],
  },
  {
    file: "routes/admin/spirits.tsx",
    path: () => "/admin/spirits",
    intents: [
      ["update", ["id"]],
      ["delete", ["id"]],
    ],
  },
  {
    file: "routes/library/manage-categories.tsx",
    path: () => "/content-management/categories",
    intents: [["delete", ["id"]]],
  },
  {
    file: "routes/admin/petitions.tsx",
    path: () => "/admin/petitions",
    intents: [["updateKind", ["id"]]],
  },
  {
    file: "routes/admin/ritual.tsx",
    path: () => `/admin/rituals/${crypto.randomUUID()}`,
    intents: [["photo", ["photoId"]]],
  },
  {
    file: "routes/consultation/consultation.tsx",
    path: () => "/consultation",
    intents: [
      ["book", ["slotId"]],
      ["cancel", ["id"]],
    ],
  },
  {
    file: "routes/admin/chat-learning.tsx",
    path: () => "/admin/chat-learning",
    intents: [
      ["save", ["id"]],
      ["approve", ["id"]],
      ["reject", ["id"]],
      ["merge", ["id"]],
    ],
  },
  {
    file: "routes/admin/consultations.tsx",
    path: () => "/admin/consultations",
    intents: [
      ["publish", ["id"]],
      ["unpublish", ["id"]],
      ["discard", ["id"]],
    ],
  },
  {
    file: "routes/account/activity.tsx",
    path: () => "/settings/activity",
    intents: [["delete", ["id"]]],
  },
];
/** Actions that read an id from their address: a malformed one is a 400 too. */
/** Pages with an id in the address; `getOnly` for those without an action (a POST is a 405). */
const ID_PARAMS: Array<{ file: string; path: (bad: string) => string; getOnly?: boolean }> = [
  { file: "routes/messages/thread.tsx", path: (bad) => `/messages/${bad}` },
  { file: "routes/library/article.tsx", path: (bad) => `/article/ritual/${bad}` },
  { file: "routes/library/manage-article.tsx", path: (bad) => `/content-management/${bad}` },
  { file: "routes/covens-events/event.tsx", path: (bad) => `/covens/events/${bad}` },
  { file: "routes/covens-events/edit.tsx", path: (bad) => `/covens/events/${bad}/edit` },
  { file: "routes/admin/academy-course.tsx", path: (bad) => `/admin/academy/courses/${bad}` },
  { file: "routes/admin/ritual.tsx", path: (bad) => `/admin/rituals/${bad}` },
  { file: "routes/admin/import-job.tsx", path: (bad) => `/admin/import/${bad}`, getOnly: true },
  {
    file: "routes/admin/import-errors-csv.ts",
    path: (bad) => `/admin/import/${bad}/errors.csv`,
    getOnly: true,
  },
  { file: "routes/admin/broadcast.tsx", path: (bad) => `/admin/broadcast/${bad}` },
  { file: "routes/billing/purchase-pay.tsx", path: (bad) => `/checkout/purchase/${bad}` },
  {
    file: "routes/admin/academy-quiz.tsx",
    path: (bad) => `/admin/academy/courses/${bad}/lessons/${crypto.randomUUID()}/quiz`,
  },
  {
    file: "routes/admin/academy-quiz.tsx",
    path: (bad) => `/admin/academy/courses/${crypto.randomUUID()}/lessons/${bad}/quiz`,
  },
  {
    file: "routes/admin/academy-outline.tsx",
    path: (bad) => `/admin/academy/courses/${bad}/outline`,
  },
  {
    file: "routes/admin/academy-lesson.tsx",
    path: (bad) => `/admin/academy/courses/${bad}/lessons/${crypto.randomUUID()}`,
  },
  {
    file: "routes/admin/academy-lesson.tsx",
    path: (bad) => `/admin/academy/courses/${crypto.randomUUID()}/lessons/${bad}`,
  },
  {
    file: "routes/admin/academy-lesson-media.tsx",
    path: (bad) => `/admin/academy/courses/${bad}/lessons/${crypto.randomUUID()}/media`,
  },
  {
    file: "routes/admin/academy-lesson-media.tsx",
    path: (bad) => `/admin/academy/courses/${crypto.randomUUID()}/lessons/${bad}/media`,
  },
];
const MALFORMED_IDS = [
  "not-a-uuid",
  "00000000-0000-0000-0000-00000000000Z",
  "1",
  "'; select 1; --",
];

describe("a malformed id", () => {
  it("is listed for every action that checks ids", () => {
    const listed = new Set([...ID_READERS, ...ID_PARAMS].map((reader) => reader.file));
    // An action whose own source checks an id (idParam, or a schema built on app/lib/ids.ts).
    const checking = routeEntries.filter((entry) => {
      const module = routes[entry.id]!.module as { action?: unknown };
      return (
        Boolean(module.action) &&
        /\bidParam\(|"#app\/lib\/ids"/.test(readFileSync(path.resolve("app", entry.file), "utf8"))
      );
    });
    for (const entry of checking)
      expect(listed, `${entry.file} checks ids but is not in ID_READERS`).toContain(entry.file);
    for (const file of listed) expect(routeEntries.map((entry) => entry.file)).toContain(file);
  });

  it("in a form field or the address is a 400 with a translated message, for every action and intent that reads one", async () => {
    // A session of its own: the 5xx test signs its roles out at its end.
    const admin = (await signedInRequest({ role: "admin", name: "Id Fuzz Admin" })).cookie;
    const { userId } = await communityMember({ name: "Id Fuzz Author", tier: "full" }).then(
      async (m) => {
        const post = await createPost(m.rules, {
          category: "general-discussion",
          title: "A thread for malformed ids",
          content: "Body",
        });
        real.idSlug = post.slug;
        return m;
      },
    );
    expect(userId).toBeTruthy();
    const failures: string[] = [];
    const scripted = (where: string) => dataPath(where);
    for (const reader of ID_READERS) {
      for (const [intent, fields] of reader.intents) {
        for (const field of fields) {
          for (const bad of MALFORMED_IDS) {
            const body = new URLSearchParams(PLAUSIBLE);
            body.set("reason", "A plausible reason");
            if (intent) body.set("intent", intent);
            // Every other id field well-formed, so the malformed one is what is refused.
            for (const other of ID_FIELDS) body.set(other, crypto.randomUUID());
            body.set("userId", userId);
            body.set(field, bad);
            const response = await app.app.request(`${ORIGIN}${scripted(reader.path(real))}`, {
              method: "POST",
              body,
              headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" },
            });
            const text = await response.text();
            const label = `${reader.file} intent=${intent ?? "-"} ${field}=${bad}`;
            if (response.status !== 400) failures.push(`${label} → ${response.status}`);
            else if (!text.includes("errors.badId"))
              failures.push(`${label} → 400 without errors.badId`);
          }
        }
      }
    }
    for (const reader of ID_PARAMS) {
      for (const bad of MALFORMED_IDS) {
        for (const method of reader.getOnly ? ["GET"] : ["GET", "POST"]) {
          const response = await app.app.request(
            `${ORIGIN}${scripted(reader.path(encodeURIComponent(bad)))}`,
            {
              method,
              body: method === "POST" ? "intent=send&body=Hello" : undefined,
              headers: {
                cookie: admin,
                ...(method === "POST"
                  ? { "content-type": "application/x-www-form-urlencoded" }
                  : {}),
              },
            },
          );
          await response.body?.cancel();
          if (response.status !== 400)
            failures.push(`${method} ${reader.file} ${bad} → ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every reader, intent and malformed value in turn: minutes, not seconds, on a busy machine.
  }, 180_000);
});
