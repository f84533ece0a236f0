import { Crown, Shield } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { IntentButton } from "#app/components/ui/intent-button";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import type { CovenRole } from "#app/modules/covens";
import { roleKey } from "#app/modules/covens/components/texts";
import type { CovenLoaded } from "./coven-types";

const ROLE_ICONS: Record<CovenRole, typeof Crown | null> = {
  owner: Crown,
  moderator: Shield,
  member: null,
};

function RoleIcon({ role }: { role: CovenRole }) {
  const Icon = ROLE_ICONS[role];
  return Icon ? <Icon className="size-3.5" aria-hidden="true" /> : null;
}

/** The coven's members, leaders first, with what the viewer may do to each. */
export function MembersTab({ loaderData }: { loaderData: CovenLoaded }) {
  const { t, i18n } = useTranslation();
  const { members } = loaderData;
  if (!members) return null;
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title" className="text-lg font-semibold">
        {t("covens.page.tabMembers")}
      </h2>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {members.members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-3 p-3">
            <Avatar src={m.avatarUrl} name={m.displayName} size="md" />
            <div className="min-w-0 flex-1">
              <Link
                to={`/profile/${m.slug}`}
                className="block truncate font-medium hover:underline"
                dir="auto"
              >
                {m.displayName}
              </Link>
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                {m.banned ? (
                  <Badge variant="destructive">{t("covens.members.banned")}</Badge>
                ) : (
                  <span className="inline-flex items-center gap-1">
                    <RoleIcon role={m.role} />
                    {t(roleKey(m.role))}
                  </span>
                )}
                <span>
                  {t("covens.members.joined", { date: date.format(new Date(m.joinedAt)) })}
                </span>
              </p>
            </div>
            {m.canRemove || m.canChangeRole || m.canTransfer ? (
              <div
                className="flex flex-wrap gap-2"
                role="group"
                aria-label={t("covens.members.actionsFor", { name: m.displayName })}
              >
                {m.canChangeRole ? (
                  <IntentButton intent="role" fields={{ userId: m.userId, role: m.nextRole }}>
                    {t(
                      m.nextRole === "member"
                        ? "covens.members.makeMember"
                        : "covens.members.makeModerator",
                    )}
                  </IntentButton>
                ) : null}
                {m.canTransfer ? (
                  <IntentButton
                    intent="transfer"
                    fields={{ userId: m.userId }}
                    confirm={t("covens.members.confirmTransfer", { name: m.displayName })}
                  >
                    {t("covens.members.transfer")}
                  </IntentButton>
                ) : null}
                {m.canRemove ? (
                  m.banned ? (
                    <IntentButton intent="remove" fields={{ userId: m.userId }}>
                      {t("covens.members.unban")}
                    </IntentButton>
                  ) : (
                    <>
                      <IntentButton
                        intent="remove"
                        fields={{ userId: m.userId }}
                        confirm={t("covens.members.confirmRemove", { name: m.displayName })}
                      >
                        {t("covens.members.remove")}
                      </IntentButton>
                      <IntentButton
                        intent="ban"
                        fields={{ userId: m.userId }}
                        variant="destructive"
                        confirm={t("covens.members.confirmBan", { name: m.displayName })}
                      >
                        {t("covens.members.ban")}
                      </IntentButton>
                    </>
                  )
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination page={members.page} pageCount={members.pages} />
    </section>
  );
}
