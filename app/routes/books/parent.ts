import { redirect } from "react-router";

/** /book has no screen of its own (only /book/{slug} has); the breadcrumb leads to Book Forge. */
export function loader() {
  throw redirect("/book-forge");
}
