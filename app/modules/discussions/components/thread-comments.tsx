import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { useHydrated } from "#app/hooks/use-hydrated";
import { commentAnchor, commentLink, pageLink } from "../links";
import { CommentItem, type CommentData, type CommentPermissions } from "./comment-item";

/** One page of a thread's comments, as the thread's loader gives it. */
export interface CommentPageData {
  comments: CommentData[];
  /** Cursors of the neighbouring pages; null where the thread ends. */
  earlier: string | null;
  later: string | null;
}

/** What the thread route's loader returns that a loaded page needs (the fetcher reads the same loader). */
interface ThreadLoaderData {
  thread: { comments: CommentData[]; page: { earlier: string | null; later: string | null } };
}

type Direction = "earlier" | "later";

const fetcherKey = (path: string, direction: Direction, cursor: string) =>
  `thread:${path}:${direction}:${cursor}`;

/**
 * A thread's comments, one page from the server. Without JavaScript, "Earlier comments" and
 * "Later comments" are plain links to the neighbouring pages. With it, they become buttons that
 * load those pages with a fetcher from the same loader and add them in place: focus moves to the
 * first comment that arrived and a live region says how many. Each loaded page keeps its own
 * fetcher, which React Router revalidates after every action, so a reaction, an edit or a delete
 * in a loaded page shows like one in the first. Pages overlap only at the thread's start (an
 * earlier page there is the whole first page), so each comment is shown once, by id.
 */
export function ThreadComments({
  path,
  page,
  can,
  highlightId,
}: {
  /** The thread's address (`/discussions/<slug>`, or a coven post's): pages and permalinks hang off it. */
  path: string;
  page: CommentPageData;
  can: CommentPermissions;
  highlightId: string | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [requested, setRequested] = useState<{ earlier: string[]; later: string[] }>({
    earlier: [],
    later: [],
  });
  const [loaded, setLoaded] = useState<Record<string, CommentPageData>>({});
  const [announcement, setAnnouncement] = useState("");
  /** The page whose arrival should take focus and be announced. */
  const awaited = useRef<{ key: string; direction: Direction; shown: Set<string> } | null>(null);

  const earlierKeys = requested.earlier.map((cursor) => fetcherKey(path, "earlier", cursor));
  const laterKeys = requested.later.map((cursor) => fetcherKey(path, "later", cursor));
  // The most recently loaded earlier page is the topmost.
  const ordered = [
    ...[...earlierKeys].reverse().map((key) => loaded[key]),
    page,
    ...laterKeys.map((key) => loaded[key]),
  ];
  const shown = new Set<string>();
  const comments: CommentData[] = [];
  for (const part of ordered) {
    for (const comment of part?.comments ?? []) {
      if (shown.has(comment.id)) continue;
      shown.add(comment.id);
      comments.push(comment);
    }
  }
  const lastEarlier = earlierKeys.at(-1);
  const lastLater = laterKeys.at(-1);
  const top = lastEarlier === undefined ? page : loaded[lastEarlier];
  const bottom = lastLater === undefined ? page : loaded[lastLater];

  const onData = useCallback(
    (key: string, data: CommentPageData) =>
      setLoaded((current) => (current[key] === data ? current : { ...current, [key]: data })),
    [],
  );
  const request = (direction: Direction, cursor: string) => {
    awaited.current = {
      key: fetcherKey(path, direction, cursor),
      direction,
      shown: new Set(shown),
    };
    setRequested((current) => ({ ...current, [direction]: [...current[direction], cursor] }));
  };

  useEffect(() => {
    const waiting = awaited.current;
    const arrived = waiting ? loaded[waiting.key] : undefined;
    if (!waiting || !arrived) return;
    awaited.current = null;
    const fresh = arrived.comments.filter((c) => !waiting.shown.has(c.id));
    const count = fresh.reduce((sum, c) => sum + 1 + c.replies.length, 0);
    setAnnouncement(
      t(
        waiting.direction === "later"
          ? "discussions.paging.loadedLater"
          : "discussions.paging.loadedEarlier",
        { count },
      ),
    );
    if (fresh[0]) document.getElementById(commentAnchor(fresh[0].id))?.focus();
  }, [loaded, t]);

  useOldCommentAnchors(
    path,
    new Set(comments.flatMap((c) => [c.id, ...c.replies.map((r) => r.id)])),
  );

  const loading = (direction: Direction) => {
    const last = (direction === "earlier" ? earlierKeys : laterKeys).at(-1);
    return last !== undefined && !loaded[last];
  };
  const more = (direction: Direction) => {
    const cursor = direction === "earlier" ? top?.earlier : bottom?.later;
    if (!cursor && !loading(direction)) return null;
    const label =
      direction === "earlier" ? t("discussions.paging.earlier") : t("discussions.paging.later");
    return (
      <div className={direction === "earlier" ? "mb-4 text-center" : "mt-6 text-center"}>
        {!hydrated ? (
          <Button asChild variant="outline">
            <Link
              to={pageLink(
                path,
                direction === "earlier" ? { before: cursor! } : { after: cursor! },
              )}
              rel={direction === "earlier" ? "prev" : "next"}
            >
              {label}
            </Link>
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            disabled={loading(direction)}
            aria-busy={loading(direction) || undefined}
            onClick={() => cursor && request(direction, cursor)}
          >
            {loading(direction)
              ? t("discussions.paging.loading")
              : direction === "earlier"
                ? t("discussions.paging.loadEarlier")
                : t("discussions.paging.loadLater")}
          </Button>
        )}
      </div>
    );
  };

  return (
    <>
      {more("earlier")}
      <ul className="mt-4 space-y-5" data-testid="comment-list">
        {comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} can={can} place={{ path, highlightId }} />
        ))}
      </ul>
      {more("later")}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {requested.earlier.map((cursor) => (
        <PageFetcher
          key={cursor}
          fetcherKey={fetcherKey(path, "earlier", cursor)}
          href={pageLink(path, { before: cursor })}
          onData={onData}
        />
      ))}
      {requested.later.map((cursor) => (
        <PageFetcher
          key={cursor}
          fetcherKey={fetcherKey(path, "later", cursor)}
          href={pageLink(path, { after: cursor })}
          onData={onData}
        />
      ))}
    </>
  );
}

/** Loads one page of the thread with its own fetcher, and hands each (re)validated copy up. */
function PageFetcher({
  fetcherKey,
  href,
  onData,
}: {
  fetcherKey: string;
  href: string;
  onData: (key: string, data: CommentPageData) => void;
}) {
  const fetcher = useFetcher<ThreadLoaderData>({ key: fetcherKey });
  const started = useRef(false);
  const { load, data } = fetcher;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load(href);
  }, [href, load]);
  useEffect(() => {
    if (data)
      onData(fetcherKey, {
        comments: data.thread.comments,
        earlier: data.thread.page.earlier,
        later: data.thread.page.later,
      });
  }, [data, fetcherKey, onData]);
  return null;
}

/**
 * Links to a comment written before threads had pages end in `#comment-<id>` alone; when that
 * comment is not on this page, go to its permalink, which opens the page that holds it.
 */
function useOldCommentAnchors(path: string, shown: Set<string>) {
  const location = useLocation();
  const navigate = useNavigate();
  const match = /^#comment-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
    location.hash,
  );
  const id = match?.[1] ?? null;
  const missing =
    id !== null && !shown.has(id) && !new URLSearchParams(location.search).has("comment");
  useEffect(() => {
    if (missing && id) void navigate(commentLink(path, id), { replace: true });
  }, [missing, id, path, navigate]);
}
