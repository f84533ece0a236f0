import { Form, Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { IntentButton } from "#app/components/ui/intent-button";
import { Label } from "#app/components/ui/label";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { failureOf } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import { CovenForm } from "#app/modules/covens/components/coven-form";
import type { CovenAnswer, CovenLoaded } from "./coven-types";

/** Leaders' work: join requests, invitation links, editing the coven, and (admins) archiving it. */
export function SettingsTab({
  loaderData,
  actionData,
}: {
  loaderData: CovenLoaded;
  actionData: CovenAnswer;
}) {
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
              confirm={coven.archived ? undefined : t("covens.settings.confirmArchive")}
            >
              {coven.archived ? t("covens.settings.restore") : t("covens.settings.archive")}
            </IntentButton>
          </div>
        </section>
      ) : null}
    </div>
  );
}
