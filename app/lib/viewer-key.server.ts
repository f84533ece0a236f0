import { createHmac } from "node:crypto";
import { authSecret } from "#app/modules/auth/index.server";

/**
 * Who is looking, as a daily view row names them (videos, library articles): a member's id, or a
 * guest's hash of address and browser keyed with the server secret and the counter's own name, so
 * a guest's rows in one counter cannot be matched with another's and the address is never kept.
 */
export function viewerKey(
  counter: string,
  actor: { id: string } | null,
  guest: { address: string; userAgent: string },
): string {
  if (actor) return `m:${actor.id}`;
  const hash = createHmac("sha256", authSecret())
    .update(`${counter}:${guest.address}\n${guest.userAgent}`)
    .digest("hex")
    .slice(0, 32);
  return `g:${hash}`;
}
