import { redirect } from "react-router";

/** /video has no screen of its own (only /video/{slug} has); the breadcrumb leads to the list. */
export function loader() {
  throw redirect("/videos");
}
