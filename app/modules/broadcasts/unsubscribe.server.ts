import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { publicUrl } from "#app/lib/config.server";
import { authSecret } from "#app/modules/auth/index.server";
import { profiles } from "#app/modules/profiles/schema";

/*
 * One-click unsubscribe from announcement e-mails (RFC 8058, decision 072). The link names the
 * member and carries an HMAC of their id, so it works without signing in and cannot be forged
 * for someone else. It sits in the path, not a `?token=`: queued e-mails are sent from their
 * outbox row, which hides token-bearing parameters (app/lib/secrets.ts), and the worst a leaked
 * link can do is turn that member's announcement e-mails off, which settings turn on again.
 */

let signingKey: Buffer | undefined;
function key(): Buffer {
  signingKey ??= createHmac("sha256", authSecret()).update("sanctuary/unsubscribe/v1").digest();
  return signingKey;
}

function signature(userId: string): string {
  return createHmac("sha256", key()).update(userId).digest("base64url");
}

/** `<user id>.<signature>`: the last segment of the member's unsubscribe address. */
export function unsubscribeToken(userId: string): string {
  return `${userId}.${signature(userId)}`;
}

export function unsubscribeUrl(userId: string): string {
  return `${publicUrl()}/email/unsubscribe/${unsubscribeToken(userId)}`;
}

const TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/i;

/** The member a token names, or null when it is malformed or its signature is wrong. */
export function verifyUnsubscribeToken(token: string | undefined): string | null {
  const match = TOKEN.exec(token ?? "");
  if (!match) return null;
  const [, userId, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(signature(userId.toLowerCase()));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return userId.toLowerCase();
}

/** Turns the member's announcement e-mails off; false when no such member exists. */
export async function unsubscribeMember(userId: string): Promise<boolean> {
  const rows = await db()
    .update(profiles)
    .set({ broadcastEmails: false, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning({ userId: profiles.userId });
  return rows.length > 0;
}
