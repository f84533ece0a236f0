// The AI guide's browser-safe API.
export { CHAT_LIMITS } from "./validation";
