import { auth, createAccount } from "#app/modules/auth/index.server";
import { changeMember } from "#app/modules/admin/index.server";
import type { Tier } from "#app/modules/memberships/schema";
import type { Role } from "#app/modules/profiles/schema";

let counter = 0;

/** Creates an account with the given role and tier and returns a request carrying its session. */
export async function signedInRequest(
  options: { role?: Role | null; tier?: Tier; name?: string; url?: string } = {},
) {
  counter += 1;
  const email = `member${counter}-${Date.now()}@example.test`;
  const password = "correct-horse-battery";
  const userId = await createAccount({
    email,
    password,
    name: options.name ?? `Member ${counter}`,
  });
  if (options.role !== undefined || options.tier !== undefined) {
    await changeMember(null, userId, { role: options.role, tier: options.tier });
  }
  const response = await auth().api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const request = new Request(options.url ?? "http://localhost:3000/somewhere?x=1", {
    headers: { cookie },
  });
  return { userId, email, password, cookie, request };
}

export function guestRequest(url = "http://localhost:3000/somewhere?x=1") {
  return new Request(url);
}
