// The messages module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  MessageRefusedError,
  allowSending,
  blockMember,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
  unblockMember,
  unreadMessageCount,
} from "./messages.server";
