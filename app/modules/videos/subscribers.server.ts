import { and, eq, inArray, ne, or } from "drizzle-orm";
import { subscribe } from "#app/modules/events/index.server";
import { notify } from "#app/modules/notifications/index.server";
import { videoFollows } from "./schema";

/** What a newly visible video sets off; each runs as its own job (decision 030). */
export const videoSubscriptions = [
  /**
   * `new_video` (SPEC §3) to the members who follow its uploader or one of its tags, once each,
   * never the uploader: not everyone.
   */
  subscribe("video.published", "notifications", async (tx, event) => {
    const followers = await tx
      .selectDistinct({ userId: videoFollows.followerId })
      .from(videoFollows)
      .where(
        and(
          ne(videoFollows.followerId, event.uploaderId),
          or(
            and(eq(videoFollows.kind, "uploader"), eq(videoFollows.target, event.uploaderId)),
            event.tags.length
              ? and(eq(videoFollows.kind, "tag"), inArray(videoFollows.target, event.tags))
              : undefined,
          ),
        ),
      );
    for (const follower of followers) {
      await notify(tx, {
        userId: follower.userId,
        content: { kind: "newVideo", name: event.uploaderName, video: event.title },
        actionUrl: event.url,
      });
    }
  }),
];
