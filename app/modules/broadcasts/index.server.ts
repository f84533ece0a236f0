// The broadcasts module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
// The task comes first: the job registry reads it while this entry may still be loading.
export { broadcastTask, sendBroadcast, BROADCAST_QUEUE } from "./send.server";
export {
  audienceSize,
  covenChoices,
  createBroadcast,
  getBroadcast,
  listBroadcasts,
  previewOf,
  removeTranslation,
  saveTranslation,
  startSending,
  updateDraft,
} from "./broadcasts.server";
export {
  unsubscribeMember,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from "./unsubscribe.server";
