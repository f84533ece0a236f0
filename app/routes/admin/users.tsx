import { useTranslation } from "#app/i18n/react";
import { Form, Link, useNavigation } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { Route } from "./+types/users";
import { actionError, actionOk, parseForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { requireAdmin } from "#app/modules/auth/index.server";
import { changeMember, listMembers } from "#app/modules/admin/index.server";
import { stackTable, Td, Th } from "#app/modules/admin/components/stack-table";
import { canChangeRole, canManageMember } from "#app/modules/admin";
import { memberChangeSchema } from "#app/modules/admin/validation";
import { TIERS } from "#app/modules/memberships";
import { findPublicProfile } from "#app/modules/profiles/index.server";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { Pagination } from "#app/components/ui/pagination";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.users.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireAdmin({ request, url });
  const search = url.searchParams.get("q") ?? "";
  const page = pageNumber(url.searchParams.get("page"));
  return {
    ...(await listMembers({ search, page })),
    search,
    viewerId: viewer.user.id,
    viewerRole: viewer.role,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  // The row's form has no place for field errors: the first one is the toast.
  const parsed = await parseForm(request, memberChangeSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const target = await findPublicProfile(parsed.data.userId);
  if (!target) return actionError({ formError: "errors.notFound" }, 404);
  const actor = viewer.actor;
  const member = { id: target.userId, role: target.role };
  if (!canManageMember(actor, member))
    return actionError({ formError: "admin.users.superAdminOnly" }, 403);
  if (!canChangeRole(actor, member, parsed.data.role)) {
    const self = viewer.user.id === target.userId;
    return actionError(
      { formError: self ? "admin.users.cannotDemoteSelf" : "errors.unauthorized" },
      403,
    );
  }
  await changeMember(viewer.user.id, parsed.data.userId, {
    role: parsed.data.role,
    tier: parsed.data.tier,
  });
  return actionOk({ toast: { key: "admin.users.updated", params: { name: target.displayName } } });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { rows, total, page, pageCount, search } = loaderData;
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const columns = [
    t("admin.users.name"),
    t("admin.users.email"),
    t("admin.users.joined"),
    `${t("admin.users.role")} / ${t("admin.users.tier")}`,
  ];

  useActionToast(actionData);

  return (
    <div>
      <h2 id="users-title" className="text-2xl font-semibold">
        {t("admin.users.title")}
      </h2>
      <Form
        method="get"
        role="search"
        aria-labelledby="users-title"
        className="mt-4 flex max-w-lg gap-2"
      >
        <label htmlFor="users-q" className="sr-only">
          {t("admin.users.searchLabel")}
        </label>
        <Input
          id="users-q"
          name="q"
          type="search"
          defaultValue={search}
          placeholder={t("admin.users.searchPlaceholder")}
        />
        <Button type="submit" variant="secondary">
          {t("common.search")}
        </Button>
      </Form>
      <p className="mt-3 text-sm text-muted-foreground">
        {t("admin.users.total", { count: total })}
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("admin.users.empty")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-border">
          <table className={stackTable.table}>
            <caption className="sr-only">{t("admin.users.title")}</caption>
            <thead className={stackTable.head}>
              <tr>
                {columns.map((label) => (
                  <Th key={label}>{label}</Th>
                ))}
              </tr>
            </thead>
            <tbody className={stackTable.body}>
              {rows.map((row) => (
                <tr
                  key={row.userId}
                  className={stackTable.row}
                  data-testid={`user-row-${row.email}`}
                >
                  <Td label={columns[0]}>
                    <Link to={`/profile/${row.slug}`} className="font-medium hover:underline">
                      {row.displayName}
                    </Link>
                  </Td>
                  <Td label={columns[1]}>
                    <span className="break-all sm:break-normal">{row.email}</span>
                  </Td>
                  <Td label={columns[2]} className="whitespace-nowrap">
                    {date.format(new Date(row.createdAt))}
                  </Td>
                  <Td label={columns[3]}>
                    <Form
                      method="post"
                      className="flex flex-wrap items-center justify-end gap-2 sm:justify-start"
                    >
                      <input type="hidden" name="userId" value={row.userId} />
                      <label className="sr-only" htmlFor={`role-${row.userId}`}>
                        {t("admin.users.role")} — {row.displayName}
                      </label>
                      <Select
                        id={`role-${row.userId}`}
                        name="role"
                        defaultValue={row.role ?? "member"}
                        className="w-auto"
                      >
                        <option value="member">{t("roles.member")}</option>
                        <option value="admin">{t("roles.admin")}</option>
                        <option value="super_admin">{t("roles.super_admin")}</option>
                      </Select>
                      <label className="sr-only" htmlFor={`tier-${row.userId}`}>
                        {t("admin.users.tier")} — {row.displayName}
                      </label>
                      <Select
                        id={`tier-${row.userId}`}
                        name="tier"
                        defaultValue={row.tier}
                        className="w-auto"
                      >
                        {TIERS.map((tier) => (
                          <option key={tier} value={tier}>
                            {t(`tiers.${tier}`)}
                          </option>
                        ))}
                      </Select>
                      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                        {t("admin.users.apply")}
                      </Button>
                    </Form>
                  </Td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
