import type { Route } from "./+types/certificate-pdf";
import { detectLocale } from "#app/i18n/detect";
import { idParam } from "#app/lib/ids";
import { publicUrl } from "#app/lib/config.server";
import { certificateById, certificatePdfIn } from "#app/modules/academy/index.server";
import { getPublicSettings } from "#app/modules/settings/index.server";

/** GET /certificates/{id}/pdf: the certificate as a PDF, open like its page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const certificate = await certificateById(idParam(params.id));
  if (!certificate) return new Response("Not found", { status: 404 });
  const settings = await getPublicSettings();
  const bytes = await certificatePdfIn(detectLocale(request), certificate, {
    name: settings.site_name,
    verifyUrl: `${publicUrl()}/certificates/${certificate.id}`,
  });
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${certificate.id}.pdf"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
