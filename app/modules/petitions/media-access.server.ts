import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { registerMediaAccess } from "#app/modules/media/index.server";
import { petitionPhotos, petitions } from "./schema";

/*
 * Who receives a ritual photo's bytes (purpose "petition-photo"): the member whose request it
 * belongs to; the media engine itself lets its uploader and admins through always. Anyone else
 * gets a 404. Registered when this module loads (its commands import it).
 */
registerMediaAccess("petition-photo", async (viewer, file) => {
  if (!viewer) return false;
  const [row] = await db()
    .select({ id: petitionPhotos.id })
    .from(petitionPhotos)
    .innerJoin(petitions, eq(petitions.id, petitionPhotos.petitionId))
    .where(and(eq(petitionPhotos.mediaFileId, file.id), eq(petitions.userId, viewer.user.id)))
    .limit(1);
  return Boolean(row);
});
