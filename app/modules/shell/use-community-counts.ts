import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useRealtimeEvent } from "#app/modules/realtime/components/use-realtime-event";
import { useRootData, type RootData } from "#app/root";

const FETCHER_KEY = "community-counts";
/** Several posts in a burst cause one refetch. */
const REFRESH_DELAY_MS = 750;

/**
 * The side navigation's counts: the root loader's, replaced by a fresher copy fetched after a
 * realtime `counts` event, until the root loader runs again.
 */
export function useCommunityCounts(): RootData["community"] {
  const root = useRootData();
  const fetcher = useFetcher<RootData["community"]>({ key: FETCHER_KEY });
  const [seen, setSeen] = useState({ root, data: fetcher.data });
  if (seen.root !== root) setSeen({ root, data: fetcher.data });
  const fresher = seen.root === root && fetcher.data !== seen.data ? fetcher.data : undefined;
  return fresher ?? root.community;
}

/** Mounted once by the shell: refetches the counts when discussions (or later, covens, videos) change. */
export function useCommunityCountsRefresh(): void {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { load } = fetcher;
  useRealtimeEvent("counts", () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load("/api/community-counts"), REFRESH_DELAY_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}
