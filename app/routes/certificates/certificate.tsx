import { Award, Download } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/certificate";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { idParam } from "#app/lib/ids";
import { publicUrl } from "#app/lib/config.server";
import { certificateById } from "#app/modules/academy/index.server";

export const handle = { texts: ["academy"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "academy.certificate.title");

/** `/certificates/{id}`: open to anyone, so whoever is shown a certificate can verify it here. */
export async function loader({ params }: Route.LoaderArgs) {
  const certificate = await certificateById(idParam(params.id));
  if (!certificate) throw data(null, { status: 404 });
  return {
    certificate: {
      id: certificate.id,
      recipientName: certificate.recipientName,
      courseTitle: certificate.courseTitle,
      issuedAt: certificate.issuedAt.toISOString(),
      // A course unpublished since is named but not linked.
      courseSlug: certificate.courseStatus === "published" ? certificate.courseSlug : null,
    },
    verifyUrl: `${publicUrl()}/certificates/${certificate.id}`,
  };
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { certificate, verifyUrl } = loaderData;
  const issued = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(
    new Date(certificate.issuedAt),
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <article className="rounded-2xl border-2 border-primary/50 bg-card px-6 py-10 text-center sm:px-12">
        <Award className="mx-auto size-12 text-primary" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-semibold">{t("academy.certificate.title")}</h1>
        <p className="mt-6 text-muted-foreground">{t("academy.certificate.certifies")}</p>
        <p className="mt-2 text-2xl font-semibold" dir="auto" data-testid="certificate-name">
          {certificate.recipientName}
        </p>
        <p className="mt-4 text-muted-foreground">{t("academy.certificate.completed")}</p>
        <p className="mt-2 text-xl font-semibold" dir="auto">
          {certificate.courseSlug ? (
            <Link to={`/academy/${certificate.courseSlug}`} className="hover:underline">
              {certificate.courseTitle}
            </Link>
          ) : (
            certificate.courseTitle
          )}
        </p>
        <p className="mt-6 text-sm text-muted-foreground">
          {t("academy.certificate.issued")} <time dateTime={certificate.issuedAt}>{issued}</time>
        </p>
        <p className="mt-6 rounded-lg bg-muted px-3 py-2 text-sm" role="status">
          {t("academy.certificate.verified")}
        </p>
        <p className="mt-3 text-xs break-all text-muted-foreground">
          {t("academy.certificate.verify")} <span dir="ltr">{verifyUrl}</span>
        </p>
      </article>
      <div className="mt-6 flex justify-center">
        <Button asChild>
          <a href={`/certificates/${certificate.id}/pdf`} download>
            <Download aria-hidden="true" />
            {t("academy.certificate.download")}
          </a>
        </Button>
      </div>
    </div>
  );
}
