// The AI guide's server API (docs/ARCHITECTURE.md "AI guide (chat)").
export { CONVERSATION_HEADER, handleChat } from "./chat.server";
