import { redirect } from "react-router";

/** /grimoire has no screen of its own (only /grimoire/{slug} has); the breadcrumb leads to the list. */
export function loader() {
  throw redirect("/grimoires");
}
