import { redirect } from "react-router";

/** /admin/rituals has no screen of its own: its requests are listed on /admin/petitions. */
export function loader() {
  throw redirect("/admin/petitions");
}
