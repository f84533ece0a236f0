// The AI guide's server API (docs/ARCHITECTURE.md "AI guide (chat)").
export { CONVERSATION_HEADER, MESSAGE_HEADER, handleChat } from "./chat.server";
export { handleRating } from "./rating.server";
export {
  approvedFaqs,
  faqBySlug,
  faqCounts,
  faqList,
  faqSyncTask,
  mergeFaq,
  mergeTargets,
  normalizeQuestion,
  rejectFaq,
  saveFaq,
  syncFaq,
  FAQ_SYNC_QUEUE,
  type FaqRow,
  type PublicFaq,
} from "./faq.server";
export {
  conversationList,
  conversationTranscript,
  deleteExpiredConversations,
  rateReply,
  retentionTask,
  RETENTION_QUEUE,
  type ConversationRow,
  type Transcript,
} from "./conversations.server";
