import pg from "pg";
import { MEMBER_EMAIL_DOMAIN, MEMBER_PASSWORD } from "./seed/constants";

/**
 * A generated member with premium access who belongs to covens (the covens pages are premium,
 * and a member's own memberships are joined into them), read from the benchmark database.
 */
export async function premiumMemberEmail(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      `select u.email from "user" u
       join subscribers s on s.user_id = u.id and s.subscribed
       where u.email like $1 and exists (select 1 from coven_members m where m.user_id = u.id)
       order by u.email limit 1`,
      [`%@${MEMBER_EMAIL_DOMAIN}`],
    );
    const [row] = rows;
    if (!row) throw new Error("The large seed holds no premium member in a coven.");
    return row.email;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Signs in on one server and returns its session cookie. Each server of the run has its own
 * secret, so a cookie is good only for the server that issued it.
 */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(new URL("/api/auth/sign-in/email", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password: MEMBER_PASSWORD }),
  });
  await response.body?.cancel();
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!response.ok || cookies.length === 0)
    throw new Error(`Signing in as ${email} answered ${response.status}.`);
  return cookies.join("; ");
}
