import { createHmac } from "node:crypto";
import { authSecret, clientIp, consumeRateLimit } from "#app/modules/auth/index.server";
import { getAllSettings } from "#app/modules/settings/index.server";
import { now } from "./clock";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

function positive(value: string, fallback: number): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The client address as counted: keyed with the server secret, never stored in the clear. */
function addressKey(request: Request): string {
  return createHmac("sha256", authSecret())
    .update(`chat:${clientIp(request)}`)
    .digest("hex");
}

/**
 * Counts one chat message against the admin's limits (settings `chat_*`): per visitor session
 * (a member: per account, whatever the session) and per client address, per hour and per day;
 * guests get the lower numbers. False when any limit is used up: the message then never reaches
 * the model nor the index. Every limit is counted, so a refused message still uses up its turn.
 */
export async function allowChatMessage(
  request: Request,
  who: { visitorSessionId: string; userId: string | null },
): Promise<boolean> {
  const settings = await getAllSettings();
  const member = who.userId !== null;
  const perHour = member
    ? positive(settings.chat_member_per_hour, 60)
    : positive(settings.chat_guest_per_hour, 20);
  const perDay = member
    ? positive(settings.chat_member_per_day, 300)
    : positive(settings.chat_guest_per_day, 60);
  const visitor = member ? `user:${who.userId}` : `session:${who.visitorSessionId}`;
  const address = addressKey(request);
  const at = now();
  const checks = await Promise.all([
    consumeRateLimit(`chat:${visitor}:h`, { limit: perHour, windowSeconds: HOUR }, at),
    consumeRateLimit(`chat:${visitor}:d`, { limit: perDay, windowSeconds: DAY }, at),
    consumeRateLimit(
      `chat:ip:${address}:h`,
      { limit: positive(settings.chat_ip_per_hour, 150), windowSeconds: HOUR },
      at,
    ),
    consumeRateLimit(
      `chat:ip:${address}:d`,
      { limit: positive(settings.chat_ip_per_day, 600), windowSeconds: DAY },
      at,
    ),
  ]);
  return checks.every(Boolean);
}
