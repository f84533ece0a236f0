import { Archive, Crown, LogOut, Shield, UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/coven";
import { RenderedMarkdown } from "#app/components/markdown";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { useActionToast } from "#app/hooks/use-action-toast";
import { textKey } from "#app/i18n/i18n";
import { LANGUAGES } from "#app/i18n/locales";
import { useTranslation } from "#app/i18n/react";
import { failureOf } from "#app/lib/form";
import { cn } from "#app/lib/cn";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { CovenBanner } from "#app/modules/covens/components/coven-banner";
import { CovenForm } from "#app/modules/covens/components/coven-form";
import { roleKey, visibilityKey } from "#app/modules/covens/components/texts";
import type { CovenRole } from "#app/modules/covens";
import { COVEN_LIMITS } from "#app/modules/covens/validation";

type Loaded = Route.ComponentProps["loaderData"];
type Answer = Route.ComponentProps["actionData"];

/** One small form posting an intent (and its fields) to the coven's action; works without JS. */
function IntentButton({
  intent,
  fields = {},
  children,
  variant = "outline",
}: {
  intent: string;
  fields?: Record<string, string>;
  children: React.ReactNode;
  variant?: "outline" | "default" | "destructive" | "secondary" | "ghost";
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

const ROLE_ICONS: Record<CovenRole, typeof Crown | null> = {
  owner: Crown,
  moderator: Shield,
  member: null,
};

function RoleIcon({ role }: { role: CovenRole }) {
  const Icon = ROLE_ICONS[role];
  return Icon ? <Icon className="size-3.5" aria-hidden="true" /> : null;
}

export function CovenPage({ loaderData, actionData }: { loaderData: Loaded; actionData: Answer }) {
  const { t, i18n } = useTranslation();
  const { coven, tab, can, viewer } = loaderData;
  useActionToast(actionData);
  const number = numberFormat(i18n.language);
  const base = `/covens/${encodeURIComponent(coven.slug)}`;
  const tabs = [
    { key: "about", label: t("covens.page.tabAbout"), shown: true },
    { key: "members", label: t("covens.page.tabMembers"), shown: can.seeMembers },
    { key: "settings", label: t("covens.page.tabSettings"), shown: can.lead },
  ] as const;
  const languageName = LANGUAGES.find((l) => l.code === coven.language)?.nativeName;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <div className="overflow-hidden rounded-xl border border-border bg-card">
        <CovenBanner src={coven.bannerUrl} className="h-32 sm:h-44" />
        <div className="flex flex-wrap items-start justify-between gap-4 p-5">
          <div className="min-w-0">
            <h1 className="text-3xl font-semibold break-words" dir="auto">
              {coven.name}
            </h1>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant="outline">{t(visibilityKey(coven.visibility))}</Badge>
              <span>
                {t("covens.card.members", {
                  count: coven.memberCount,
                  formatted: number.format(coven.memberCount),
                  limit: number.format(coven.memberLimit),
                })}
              </span>
              {languageName ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span lang={coven.language}>{languageName}</span>
                </>
              ) : null}
              {viewer.role ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>{t("covens.page.yourRole", { role: t(roleKey(viewer.role)) })}</span>
                </>
              ) : null}
            </p>
            {coven.tags.length ? (
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t("covens.card.tags")}>
                {coven.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/covens?tag=${encodeURIComponent(tag)}`}
                      className="rounded-full bg-muted px-2 py-0.5 text-xs hover:bg-muted/70"
                      dir="auto"
                    >
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <JoinControls loaderData={loaderData} actionData={actionData} />
        </div>
        {coven.archived ? (
          <p className="border-t border-border bg-muted/60 px-5 py-3 text-sm" role="status">
            <Archive className="me-2 inline size-4" aria-hidden="true" />
            {t("covens.page.archivedNotice")}
          </p>
        ) : null}
      </div>

      <nav className="mt-6 border-b border-border" aria-label={t("covens.page.tabsLabel")}>
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {tabs
            .filter((item) => item.shown)
            .map((item) => (
              <li key={item.key}>
                <Link
                  to={item.key === "about" ? base : `${base}?tab=${item.key}`}
                  aria-current={tab === item.key ? "page" : undefined}
                  className={cn(
                    "inline-block border-b-2 px-4 py-2 text-sm whitespace-nowrap",
                    tab === item.key
                      ? "border-primary font-medium text-foreground"
                      : "border-transparent text-muted-foreground hover:text-foreground",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            ))}
        </ul>
      </nav>

      <div className="mt-6">
        {tab === "about" ? <AboutTab loaderData={loaderData} /> : null}
        {tab === "members" ? <MembersTab loaderData={loaderData} /> : null}
        {tab === "settings" ? (
          <SettingsTab loaderData={loaderData} actionData={actionData} />
        ) : null}
      </div>
    </div>
  );
}

/** Join, ask to join, leave, or why none of these is possible now. */
function JoinControls({ loaderData, actionData }: { loaderData: Loaded; actionData: Answer }) {
  const { t } = useTranslation();
  const { viewer, can } = loaderData;
  const failure = failureOf(actionData);
  if (viewer.role) {
    if (can.leave)
      return (
        <IntentButton intent="leave">
          <LogOut aria-hidden="true" />
          {t("covens.page.leave")}
        </IntentButton>
      );
    return (
      <p className="max-w-xs text-sm text-muted-foreground">{t("covens.page.ownerCannotLeave")}</p>
    );
  }
  if (viewer.requested)
    return (
      <p className="max-w-xs text-sm text-muted-foreground" role="status">
        {t("covens.page.requestPending")}
      </p>
    );
  if (viewer.joinRefusal)
    return (
      <p className="max-w-xs text-sm text-muted-foreground">
        {t(textKey(`covens.refusals.${viewer.joinRefusal}`))}
      </p>
    );
  if (!viewer.needsApproval)
    return (
      <IntentButton intent="join" variant="default">
        <UserPlus aria-hidden="true" />
        {t("covens.page.join")}
      </IntentButton>
    );
  return (
    <Form method="post" className="w-full max-w-sm space-y-2">
      <input type="hidden" name="intent" value="join" />
      <Label htmlFor="join-message">{t("covens.page.requestMessage")}</Label>
      <Textarea
        id="join-message"
        name="message"
        rows={3}
        maxLength={COVEN_LIMITS.requestMessageMax}
        defaultValue={failure?.values.message}
        dir="auto"
      />
      {failure?.fieldErrors.message ? (
        <p role="alert" className="text-sm text-destructive">
          {t(textKey(failure.fieldErrors.message))}
        </p>
      ) : null}
      <Button type="submit">
        <UserPlus aria-hidden="true" />
        {t("covens.page.requestJoin")}
      </Button>
    </Form>
  );
}

function AboutTab({ loaderData }: { loaderData: Loaded }) {
  const { t, i18n } = useTranslation();
  const { coven, leaders } = loaderData;
  const date = dateTimeFormat(i18n.language, { dateStyle: "long" });
  return (
    <div className="grid gap-8 md:grid-cols-[1fr_16rem]">
      <section aria-labelledby="about-title">
        <h2 id="about-title" className="sr-only">
          {t("covens.page.tabAbout")}
        </h2>
        {coven.descriptionHtml ? (
          <RenderedMarkdown html={coven.descriptionHtml} />
        ) : (
          <p className="text-muted-foreground">{t("covens.page.noDescription")}</p>
        )}
        <p className="mt-6 text-sm text-muted-foreground">
          {t("covens.page.founded", { date: date.format(new Date(coven.createdAt)) })}
        </p>
      </section>
      <section aria-labelledby="leaders-title">
        <h2 id="leaders-title" className="text-lg font-semibold">
          {t("covens.page.leaders")}
        </h2>
        <ul className="mt-3 space-y-2">
          {(leaders ?? []).map((leader) => (
            <li key={leader.userId}>
              <Link
                to={`/profile/${leader.slug}`}
                className="flex items-center gap-3 rounded-lg p-2 hover:bg-muted"
              >
                <Avatar src={leader.avatarUrl} name={leader.displayName} size="sm" />
                <span className="min-w-0">
                  <span className="block truncate font-medium" dir="auto">
                    {leader.displayName}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(roleKey(leader.role))}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function MembersTab({ loaderData }: { loaderData: Loaded }) {
  const { t, i18n } = useTranslation();
  const { members, coven } = loaderData;
  if (!members) return null;
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const base = `/covens/${encodeURIComponent(coven.slug)}?tab=members`;
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
                  <IntentButton intent="transfer" fields={{ userId: m.userId }}>
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
                      <IntentButton intent="remove" fields={{ userId: m.userId }}>
                        {t("covens.members.remove")}
                      </IntentButton>
                      <IntentButton
                        intent="ban"
                        fields={{ userId: m.userId }}
                        variant="destructive"
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
      {members.pages > 1 ? (
        <nav
          className="mt-4 flex items-center justify-between text-sm"
          aria-label={t("common.pageOf", { page: members.page, pages: members.pages })}
        >
          {members.page > 1 ? (
            <Link to={`${base}&page=${members.page - 1}`} className="hover:underline">
              {t("common.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span>{t("common.pageOf", { page: members.page, pages: members.pages })}</span>
          {members.page < members.pages ? (
            <Link to={`${base}&page=${members.page + 1}`} className="hover:underline">
              {t("common.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

function SettingsTab({ loaderData, actionData }: { loaderData: Loaded; actionData: Answer }) {
  const { t, i18n } = useTranslation();
  const { coven, requests, invitations, can } = loaderData;
  const failure = failureOf(actionData);
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const updating = failure?.values.intent === "update";
  const created =
    actionData?.ok && actionData.data && "invitationLink" in actionData.data
      ? (actionData.data as { invitationLink: string; expiresAt: string })
      : null;
  return (
    <div className="space-y-10">
      <section aria-labelledby="requests-title">
        <h2 id="requests-title" className="text-lg font-semibold">
          {t("covens.settings.requests")}
        </h2>
        {requests && requests.length ? (
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-start gap-3 p-3">
                <Avatar src={r.avatarUrl} name={r.displayName} size="md" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/profile/${r.slug}`}
                    className="font-medium hover:underline"
                    dir="auto"
                  >
                    {r.displayName}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {date.format(new Date(r.createdAt))}
                  </p>
                  {r.message ? (
                    <p className="mt-1 text-sm whitespace-pre-line" dir="auto">
                      {r.message}
                    </p>
                  ) : (
                    <p className="mt-1 text-sm text-muted-foreground">
                      {t("covens.settings.noMessage")}
                    </p>
                  )}
                </div>
                <div
                  className="flex gap-2"
                  role="group"
                  aria-label={t("covens.settings.requestFrom", { name: r.displayName })}
                >
                  <IntentButton
                    intent="decide"
                    fields={{ requestId: r.id, decision: "approve" }}
                    variant="default"
                  >
                    {t("covens.settings.approve")}
                  </IntentButton>
                  <IntentButton intent="decide" fields={{ requestId: r.id, decision: "decline" }}>
                    {t("covens.settings.decline")}
                  </IntentButton>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{t("covens.settings.noRequests")}</p>
        )}
      </section>

      <section aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="text-lg font-semibold">
          {t("covens.settings.invitations")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("covens.settings.invitationsIntro")}
        </p>
        {created ? (
          <div className="mt-3 rounded-lg border border-primary/40 bg-primary/5 p-3" role="status">
            <Label htmlFor="new-invitation">{t("covens.settings.newLink")}</Label>
            <Input
              id="new-invitation"
              readOnly
              value={created.invitationLink}
              dir="ltr"
              className="mt-2 font-mono text-xs"
              data-testid="invitation-link"
            />
            <p className="mt-1 text-xs text-muted-foreground">
              {t("covens.settings.expires", { date: date.format(new Date(created.expiresAt)) })}
            </p>
          </div>
        ) : null}
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="invite" />
          <div className="space-y-1.5">
            <Label htmlFor="invite-days">{t("covens.settings.days")}</Label>
            <Input
              id="invite-days"
              name="days"
              type="number"
              min={1}
              max={30}
              defaultValue="7"
              className="w-28"
              aria-invalid={failure?.fieldErrors.days ? true : undefined}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t("covens.settings.createInvitation")}
          </Button>
        </Form>
        {failure?.fieldErrors.days ? (
          <p role="alert" className="mt-1 text-sm text-destructive">
            {t(textKey(failure.fieldErrors.days))}
          </p>
        ) : null}
        {invitations && invitations.length ? (
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
            {invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              >
                <span>
                  {t("covens.settings.expires", {
                    date: date.format(new Date(invitation.expiresAt)),
                  })}
                  {" · "}
                  {t("covens.settings.uses", { count: invitation.uses })}
                </span>
                <IntentButton intent="revoke" fields={{ invitationId: invitation.id }}>
                  {t("covens.settings.revoke")}
                </IntentButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{t("covens.settings.noInvitations")}</p>
        )}
      </section>

      <section aria-labelledby="edit-title">
        <h2 id="edit-title" className="text-lg font-semibold">
          {t("covens.settings.edit")}
        </h2>
        <div className="mt-3">
          <CovenForm
            intent="update"
            hasBanner={Boolean(coven.bannerUrl)}
            values={
              updating
                ? (failure?.values ?? {})
                : {
                    name: coven.name,
                    description: coven.description,
                    tags: coven.tags.join(", "),
                    language: coven.language,
                    visibility: coven.visibility,
                    memberLimit: String(coven.memberLimit),
                  }
            }
            errors={updating ? (failure?.fieldErrors ?? {}) : {}}
            submitLabel={t("covens.form.save")}
          />
        </div>
      </section>

      {can.archive ? (
        <section aria-labelledby="archive-title">
          <h2 id="archive-title" className="text-lg font-semibold">
            {t("covens.settings.archiveTitle")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("covens.settings.archiveHelp")}</p>
          <div className="mt-3">
            <IntentButton
              intent="archive"
              fields={{ archived: coven.archived ? "false" : "true" }}
              variant={coven.archived ? "secondary" : "destructive"}
            >
              {coven.archived ? t("covens.settings.restore") : t("covens.settings.archive")}
            </IntentButton>
          </div>
        </section>
      ) : null}
    </div>
  );
}
