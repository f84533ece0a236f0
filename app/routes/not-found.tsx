import { data } from "react-router";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";

/** An address nothing answers has no place in the site: no trail, only the not-found screen. */
export const handle = breadcrumbHandle(() => false);

/** Any path no other route claims: a real 404 status, rendered by the error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
