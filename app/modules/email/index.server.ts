// The email module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { sendEmail } from "./mailer.server";
export { recentEmails } from "./outbox.server";
