import { textKey } from "#app/i18n/i18n";
import { parseArgs } from "node:util";
import type { z } from "zod";
import { DataDirLockedError } from "#app/db/data-dir-lock.server";
import { serverT } from "#app/i18n/resources.server";
import {
  AccountExistsError,
  createAccount,
  findUserIdByEmail,
  setPassword,
} from "#app/modules/auth/index.server";
import { signUpSchema } from "#app/modules/auth/validation";
import { safeDisplayName } from "#app/modules/profiles";
import { changeMember } from "#app/modules/admin/index.server";
import { startJobs, stopJobs } from "#app/modules/events/index.server";
import { TIERS, type Tier } from "#app/modules/memberships/schema";
import { ROLES, type Role } from "#app/modules/profiles/schema";
import { seedPages } from "#app/db/seed.server";
import { ConfigError, config } from "#app/lib/config.server";
import { openConfiguredDatabase } from "./database";

const USAGE = `Usage:
  npm run cli -- user:create --email E --password P [--name N] [--role admin|super_admin] [--tier ${TIERS.join("|")}]
  npm run cli -- user:set --email E [--role member|admin|super_admin] [--tier ${TIERS.join("|")}] [--password P]`;

export class UsageError extends Error {}

const signUpFields = signUpSchema.shape;
const emailField = signUpFields.email;
const passwordField = signUpFields.password;
const displayNameField = signUpFields.displayName;

/** The value `field` makes of `value`, or a UsageError naming the option and the problem. */
function checked<T>(field: z.ZodType<T>, value: string, option: string): T {
  const parsed = field.safeParse(value);
  if (parsed.success) return parsed.data;
  const t = serverT("en");
  const [issue] = parsed.error.issues;
  throw new UsageError(`${option}: ${issue ? t(textKey(issue.message)) : parsed.error.message}`);
}

function parseRole(value: string | undefined, allowMember: boolean): Role | null | undefined {
  if (value === undefined) return undefined;
  if (allowMember && value === "member") return null;
  if ((ROLES as readonly string[]).includes(value)) return value as Role;
  throw new UsageError(`Unknown role "${value}".`);
}

function parseTier(value: string | undefined): Tier | undefined {
  if (value === undefined) return undefined;
  if ((TIERS as readonly string[]).includes(value)) return value as Tier;
  throw new UsageError(`Unknown tier "${value}".`);
}

interface Command {
  run(): Promise<string>;
}

/** Turns argv into a validated command, or throws UsageError; nothing is opened before this passes. */
export function parseCommand(argv: string[]): Command {
  const [name, ...rest] = argv;
  if (name !== "user:create" && name !== "user:set") {
    throw new UsageError(name ? `Unknown command "${name}".` : "No command given.");
  }
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        tier: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // The same rules as the sign-up form and the JSON endpoints, with their English messages.
  const email =
    values.email === undefined ? undefined : checked(emailField, values.email, "--email");
  if (!email) throw new UsageError("--email must be an e-mail address.");

  if (name === "user:create") {
    const password = checked(passwordField, values.password ?? "", "--password");
    const displayName =
      values.name === undefined
        ? safeDisplayName(email.split("@")[0] ?? email)
        : checked(displayNameField, values.name, "--name");
    const role = parseRole(values.role, false);
    const tier = parseTier(values.tier);
    return {
      async run() {
        const userId = await createAccount({ email, password, name: displayName });
        if (role !== undefined || tier !== undefined)
          await changeMember(null, userId, { role, tier });
        return `Created ${email} (${userId})${role ? `, role ${role}` : ""}${tier ? `, tier ${tier}` : ""}.`;
      },
    };
  }
  if (name === "user:set") {
    if (values.name !== undefined)
      throw new UsageError("user:set changes only --role, --tier and --password.");
    const role = parseRole(values.role, true);
    const tier = parseTier(values.tier);
    const password =
      values.password === undefined
        ? undefined
        : checked(passwordField, values.password, "--password");
    if (role === undefined && tier === undefined && password === undefined)
      throw new UsageError("user:set needs --role, --tier or --password.");
    return {
      async run() {
        const userId = await findUserIdByEmail(email);
        if (!userId) throw new Error(`No account with the e-mail ${email}.`);
        if (role !== undefined || tier !== undefined)
          await changeMember(null, userId, { role, tier });
        if (password !== undefined) await setPassword(userId, password);
        return `Updated ${email}.`;
      },
    };
  }
  throw new UsageError(name ? `Unknown command "${name}".` : "No command given.");
}

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  let opened;
  try {
    opened = await openConfiguredDatabase(config());
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    // Send-only (the workers run in the app): an account created here queues `member.joined`.
    await startJobs(opened.database, { work: false });
    await seedPages();
    console.log(await command.run());
    return 0;
  } catch (error) {
    console.error(
      error instanceof AccountExistsError
        ? `An account with the e-mail ${error.message} already exists.`
        : (error as Error).message,
    );
    return 1;
  } finally {
    await stopJobs();
    await opened.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
