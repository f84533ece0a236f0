import { useLocation } from "react-router";

/** Sign-up and sign-in links that come back to this page afterwards. */
export function useJoinLinks() {
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(pathname + search);
  return { join: `/auth?tab=signup&redirectTo=${back}`, signIn: `/auth?redirectTo=${back}` };
}
