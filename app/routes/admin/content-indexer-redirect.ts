import { redirect } from "react-router";

/** SPEC's /admin-content-indexer is the content indexer tab of the admin area. */
export function loader() {
  throw redirect("/admin/content-indexer");
}
